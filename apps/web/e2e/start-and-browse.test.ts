import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, screenshotDir, sidewaysOverflow, watchPageProblems } from './support/browser.ts';
import { SignInPage } from './support/sign-in-page.ts';
import {
  npmStart,
  postgresProcessesFor,
  pressCtrlC,
  terminate,
  waitForOutput,
  type RunningApp,
} from './support/server.ts';

let dataDir: string;
let app: RunningApp;
let browser: Browser;
let interruptedStart: Promise<InterruptedStart>;

type InterruptedStart = {
  stoppedOutput: string;
  leftAfterCtrlC: number[];
  countries: { id: number; iso_code: string }[];
  states: unknown[];
  terminatedOutput: string;
  leftAfterTerminate: number[];
};

/**
 * A first start stopped by Ctrl-C while it loads the cities, then started again in full and stopped
 * by a SIGTERM to npm alone; what the last test checks. It needs nothing from the other tests.
 */
async function interruptAndStartAgain(): Promise<InterruptedStart> {
  const otherDir = await mkdtemp(path.join(tmpdir(), 'itrust-e2e-interrupted-'));
  try {
    const interrupted = await npmStart({ DATA_DIR: otherDir }, { until: /Loading cities/ });
    await pressCtrlC(interrupted);
    const leftAfterCtrlC = postgresProcessesFor(otherDir);
    const restarted = await npmStart({ DATA_DIR: otherDir });
    const countries = (await (await fetch(`${restarted.url}/api/country`)).json()).data.countries;
    const unitedStates = countries.find((country: { iso_code: string }) => country.iso_code === 'US');
    const states = await (await fetch(`${restarted.url}/api/states?filter[country_id]=${unitedStates?.id}`)).json();
    await terminate(restarted);
    return {
      stoppedOutput: interrupted.output(),
      leftAfterCtrlC,
      countries,
      states: states.data.states,
      terminatedOutput: restarted.output(),
      leftAfterTerminate: postgresProcessesFor(otherDir),
    };
  } finally {
    await rm(otherDir, { recursive: true, force: true });
  }
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'itrust-e2e-'));
  const launching = launchChromium();
  // The last test's two starts run alongside this first start rather than after everything else;
  // they are over before the browser tests, which then have the machine to themselves.
  interruptedStart = interruptAndStartAgain();
  interruptedStart.catch(() => undefined);
  app = await npmStart({ DATA_DIR: dataDir });
  await interruptedStart.catch(() => undefined);
  browser = await launching;
});

afterAll(async () => {
  await interruptedStart.catch(() => undefined);
  await browser.close();
  await pressCtrlC(app);
  await rm(dataDir, { recursive: true, force: true });
});

describe('npm start on an empty data directory', () => {
  it('shows its progress while it initialises, then the URL and the demo sign-in', async () => {
    await waitForOutput(app, /Demo investor/);
    const output = app.output();
    expect(output).toContain('Creating the PostgreSQL cluster');
    expect(output).toContain('Applying database migrations');
    expect(output).toMatch(/Loading 250 countries/);
    expect(output).toMatch(/Loading cities [\d,]+ \/ [\d,]+/);
    expect(output).toMatch(/Itrust is ready at http:\/\/127\.0\.0\.1:\d+/);
    expect(output).toMatch(/Demo investor: demo@example\.com {2}password: [a-z]+(-[a-z]+){3}/);
  });

  it('answers /api/health with 200', async () => {
    const response = await fetch(`${app.url}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'success', data: { database: 'up' } });
  });
});

describe('the web app in Chromium', () => {
  it('renders the sign-in page with currencies from the API and the public footer, within the CSP', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = watchPageProblems(page);
    const home = new SignInPage(page);
    await home.open(app.url);

    expect(await page.title()).toBe('Itrust - Sign in');
    expect(await home.currencies()).toEqual([
      '$ US Dollar (USD)',
      '€ Euro (EUR)',
      '£ British Pound (GBP)',
      'C$ Canadian Dollar (CAD)',
    ]);
    expect(await home.footerLinks('Need Help?')).toEqual(['How to Invest', 'F.A.Q', 'Terms of Use', 'Privacy Policy']);
    expect(await home.footerLinks('Learn More')).toEqual([
      'Login',
      'About Us',
      'Investors Relations',
      'Our Commitments',
      'Our Blogs',
    ]);
    const footer = await home.footerText();
    expect(footer).toContain('London');
    expect(footer).toContain(`© ${new Date().getFullYear()} Itrust`);
    await page.screenshot({ path: path.join(screenshotDir, 'home-desktop.png'), fullPage: true });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('carries the sign-in screen in the page itself, inert until the app has taken it over', async () => {
    const scriptless = await browser.newContext({ javaScriptEnabled: false });
    const bare = await scriptless.newPage();
    await bare.goto(app.url);
    await bare.locator('.prerendered[inert]').getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
    expect(await bare.getByLabel('Email or username').isVisible()).toBe(true);
    await scriptless.close();

    const page = await browser.newPage();
    const problems = watchPageProblems(page);
    const home = new SignInPage(page);
    await home.open(app.url);
    await page.getByLabel('Email or username').fill('someone');
    await page.getByLabel('Password', { exact: true }).fill('a passphrase');
    expect(await home.submitButton().isEnabled()).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('says why when the account cannot be read on a signed-in screen, and asks again on Try again', async () => {
    const page = await browser.newPage();
    await page.goto(`${app.url}/`);
    // A session this tab holds but whose account it has not read yet, with the server out of reach.
    await page.evaluate(() => sessionStorage.setItem('accessToken', 'a-session'));
    await page.route('**/api/**', (route) => route.abort('connectionreset'));
    await page.goto(`${app.url}/cash`);
    await page
      .getByRole('alert')
      .filter({ hasText: 'Could not reach the server. Check your connection and try again.' })
      .waitFor();
    await page.unroute('**/api/**');
    // The server responds now: this made-up session is refused, so it ends and the sign-in shows.
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('accessToken'))).toBeNull();
    await page.close();
  });

  it('shows that copy only to a visitor on /: not on another screen, not to a browser holding a session', async () => {
    const page = await browser.newPage();
    // The app's code never arrives, so what shows is what the page and its loader decided.
    await page.route(/\/assets\/index-[^/]*\.js$/, (route) => route.abort());
    const copy = page.locator('.prerendered');
    // Where the copy is not shown, the page says it is loading rather than staying blank.
    const loading = page.getByRole('status').filter({ hasText: 'Loading…' });
    await page.goto(`${app.url}/`);
    expect(await copy.isVisible()).toBe(true);
    expect(await loading.isVisible()).toBe(false);
    await page.goto(`${app.url}/signup`);
    expect(await copy.isVisible()).toBe(false);
    expect(await loading.isVisible()).toBe(true);
    await page.evaluate(() => sessionStorage.setItem('accessToken', 'a-session'));
    await page.goto(`${app.url}/`);
    expect(await copy.isVisible()).toBe(false);
    expect(await loading.isVisible()).toBe(true);
    await page.close();
  });

  it('fits a 390×844 phone screen without sideways scrolling', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await new SignInPage(page).open(app.url);
    const overflow = await sidewaysOverflow(page);
    await page.screenshot({ path: path.join(screenshotDir, 'home-phone.png'), fullPage: true });
    expect(overflow).toBeLessThanOrEqual(0);
    await page.close();
  });

  it('opens a page for every link of the public footer, on a phone too', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const problems = watchPageProblems(page);
    const home = new SignInPage(page);
    await home.open(app.url);
    const labels = [...(await home.footerLinks('Need Help?')), ...(await home.footerLinks('Learn More'))];
    for (const label of labels.filter((name) => name !== 'Login')) {
      await page.getByRole('contentinfo').getByRole('link', { name: label, exact: true }).click();
      await page.getByRole('heading', { name: label, level: 1 }).waitFor();
      expect(await page.title()).toBe(`Itrust - ${label}`);
      expect(await page.evaluate(() => window.scrollY), label).toBe(0);
      expect(
        await page
          .getByRole('contentinfo')
          .getByRole('link', { name: label, exact: true })
          .getAttribute('aria-current'),
      ).toBe('page');
      expect(await page.locator('article :is(p, li)').count(), label).toBeGreaterThan(1);
      expect(await sidewaysOverflow(page), label).toBeLessThanOrEqual(0);
    }
    await page.screenshot({ path: path.join(screenshotDir, 'info-phone.png'), fullPage: true });
    await page.getByRole('contentinfo').getByRole('link', { name: 'Login', exact: true }).click();
    await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
    await page.goto(`${app.url}/info/no-such-page`);
    await page.getByRole('heading', { name: 'Page not found', level: 1 }).waitFor();
    expect(problems).toEqual([]);
    await page.close();
  });

  it('sends a visitor who opens a signed-in address to the sign-in screen', async () => {
    const page = await browser.newPage();
    await page.goto(`${app.url}/no/such/screen`);
    await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.close();
  });

  it('renders the API documentation', async () => {
    const page = await browser.newPage();
    const problems = watchPageProblems(page);
    await page.goto(`${app.url}/api/docs`);
    await page.getByText('Itrust API').first().waitFor();
    expect(await page.getByText('/api/country').count()).toBeGreaterThan(0);
    expect(problems.filter((problem) => problem.includes('Content Security Policy'))).toEqual([]);
    await page.close();
  });
});

describe('stopping and starting again', () => {
  it('leaves no postgres process behind after Ctrl-C', async () => {
    expect(postgresProcessesFor(dataDir).length).toBeGreaterThan(0);
    const exit = await pressCtrlC(app);
    // npm re-raises the terminal's SIGINT on itself once the app has exited, as a shell expects.
    expect([0, 130, 'SIGINT'], app.output().slice(-2000)).toContain(exit.signal ?? exit.code);
    expect(app.output()).toContain('Itrust stopped.');
    expect(postgresProcessesFor(dataDir)).toEqual([]);
  });

  it('reuses the data on a second start and is ready in under 5 s', async () => {
    app = await npmStart({ DATA_DIR: dataDir });
    console.info(`second npm start was ready after ${Math.round(app.readyAfterMs)} ms`);
    expect(app.output()).not.toContain('Creating the PostgreSQL cluster');
    expect(app.output()).not.toContain('Loading');
    expect(app.output()).not.toContain('Demo investor');
    const countries = await (await fetch(`${app.url}/api/country`)).json();
    expect(countries.data.countries.length).toBeGreaterThanOrEqual(240);
    expect(app.readyAfterMs).toBeLessThan(5_000);
  });

  it('leaves no postgres process behind after a Ctrl-C in the middle of the first start, and starts cleanly next time; SIGTERM to npm alone stops everything too', async () => {
    const started = await interruptedStart;
    expect(started.stoppedOutput).toContain('Itrust stopped.');
    expect(started.leftAfterCtrlC).toEqual([]);
    // The load runs in one transaction: it either finished before the stop or loads again in full.
    expect(started.countries).toHaveLength(250);
    expect(started.states.length).toBeGreaterThanOrEqual(51);
    expect(started.terminatedOutput).toContain('Itrust stopped.');
    expect(started.leftAfterTerminate).toEqual([]);
  });
});
