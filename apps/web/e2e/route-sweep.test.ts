import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../src/app/router.tsx';
import { launchChromium, reachPastScreen, sidewaysOverflow } from './support/browser.ts';
import { freshCode, operatorSession } from './support/authenticator.ts';
import { codeFromOutbox } from './support/outbox.ts';
import { shot } from './support/journey.ts';
import { chooseOption } from './support/select.ts';
import { startStack, type Stack } from './support/stack.ts';
import {
  addresses,
  declaredPaths,
  enter,
  scrollDownAndFollow,
  settled,
  showsScreen,
  type Session,
} from './support/route-sweep.ts';

const viewports = [
  { name: 'desktop', size: { width: 1280, height: 800 }, phone: false },
  { name: 'phone', size: { width: 390, height: 844 }, phone: true },
] as const;

let stack: Stack;
let browser: Browser;
const pages: Partial<Record<(typeof viewports)[number]['name'], Page>> = {};
/** Per page, the requests sent and still without a response, and its errors: what a screen still loading waits for. */
const unanswered = new Map<Page, Set<string>>();
const sessions: Record<'investor' | 'operator', Session> = {
  investor: { token: '', user: null },
  operator: { token: '', user: null },
};

type Envelope = { data: Record<string, unknown> };

/** POSTs `body` to the API as the browser does, with the session `token` if given. */
async function postApi(path: string, body: unknown, token?: string): Promise<Envelope> {
  const response = await fetch(`${stack.app.url}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as Envelope & { message: string };
  if (!response.ok) throw new Error(`${path}: ${response.status} ${envelope.message}`);
  return envelope;
}

/** A finished sign-in through the API, with the emailed code when the server asks for one. */
async function apiSession(email: string, password: string, seen: Set<string>): Promise<Session> {
  const signedIn = await postApi('/user/login', { login: email, password });
  if (!signedIn.data['second_step']) return { token: String(signedIn.data['token']), user: signedIn.data['user'] };
  const code = await codeFromOutbox(stack.dataDir, email, 'sign-in code', seen);
  const passed = await postApi('/user/verify-two-fa', { code }, String(signedIn.data['token']));
  return { token: String(passed.data['token']), user: passed.data['user'] };
}

beforeAll(async () => {
  // The sweep opens every screen in a minute or two; the rate limit has tests of its own.
  const launching = launchChromium();
  stack = await startStack('route-sweep', { RATE_LIMIT_PER_MINUTE: '100000' });
  const seen = new Set<string>();
  sessions.investor = await apiSession('demo@example.com', stack.demoPassword, seen);
  // The console asks operators for an authenticator app: set it up, then sign in with its code.
  const { secret } = await operatorSession(stack, seen);
  const waiting = await postApi('/user/login', { login: 'ops@example.com', password: stack.operatorPassword });
  const passed = await postApi('/user/verify-two-fa', { code: await freshCode(secret) }, String(waiting.data['token']));
  sessions.operator = { token: String(passed.data['token']), user: passed.data['user'] };
  browser = await launching;
  for (const { name, size, phone } of viewports) {
    const page = await browser.newPage({ viewport: size, isMobile: phone, hasTouch: phone });
    const open = new Set<string>();
    page.on('request', (request) => open.add(request.url()));
    page.on('requestfinished', (request) => open.delete(request.url()));
    page.on('requestfailed', (request) => open.delete(request.url()));
    page.on('pageerror', (error) => open.add(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') open.add(`console error: ${message.text()}`);
    });
    unanswered.set(page, open);
    pages[name] = page;
    await page.goto(stack.app.url);
  }
});

afterAll(async () => {
  await browser.close();
  await stack.stop();
});

afterEach(async (context) => {
  if (context.task.result?.state !== 'fail') return;
  for (const [name, page] of Object.entries(pages)) await shot(page, `failed-route-sweep-${name}`);
});

describe('every client route by a full page load', () => {
  it('lists an address for each path the router declares', () => {
    expect(Object.keys(addresses).sort()).toEqual(declaredPaths(routes).sort());
  });

  for (const { name } of viewports) {
    // The two pages are independent: both sweeps run at once.
    it.concurrent(`gets the app at the top, within the screen, on ${name}`, async () => {
      const page = pages[name]!;
      const problems: string[] = [];
      for (const address of Object.values(addresses).flat()) {
        await enter(page, address === '/admin' ? sessions.operator : sessions.investor);
        unanswered.get(page)?.clear();
        const response = await page.goto(`${stack.app.url}${address}`, { waitUntil: 'commit' });
        const type = response?.headers()['content-type'] ?? '';
        if (response?.status() !== 200 || !type.startsWith('text/html')) {
          problems.push(`${address}: ${response?.status()} ${type}`);
          continue;
        }
        if (!(await showsScreen(page))) {
          await shot(page, `stalled-route-sweep-${name}-${address.replace(/\W+/g, '-')}`);
          const waiting = [...(unanswered.get(page) ?? [])].join(', ') || 'no request';
          problems.push(
            `${address}: neither a heading nor a not-found message, or still loading (waiting on ${waiting})`,
          );
          continue;
        }
        const overflow = await sidewaysOverflow(page);
        if (overflow > 0) problems.push(`${address}: ${overflow}px sideways`);
        const scrolled = await page.evaluate(() => window.scrollY);
        if (scrolled !== 0) problems.push(`${address}: opens ${scrolled}px down`);
      }
      expect(problems).toEqual([]);
    });
  }

  it('reads the parameters back as they were written: a dot, a space, an accent', async () => {
    const page = pages.phone!;
    await enter(page, sessions.investor);
    await page.goto(`${stack.app.url}/cashout/ROTH IRA/5500.00`);
    await page.getByRole('heading', { name: 'Cash out from ROTH IRA', level: 1 }).waitFor();
    await settled(page);
    await shot(page, 'route-sweep-cashout-phone');
    await page.goto(`${stack.app.url}/contribute/Épargne 2.0`);
    await page.getByRole('heading', { name: 'Contribute to Épargne 2.0', level: 1 }).waitFor();
    await page.getByText('You have no Épargne 2.0 account.').waitFor();
    await page.goto(`${stack.app.url}/asset/Berkshire Hathaway Inc./BRK.B`);
    await page.getByTestId('asset-price').waitFor();
    await settled(page);
    // The long name is cut short in the heading rather than pushing the page sideways.
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'route-sweep-asset-phone');
    const desktop = pages.desktop!;
    await enter(desktop, sessions.investor);
    await desktop.goto(`${stack.app.url}/asset/Berkshire Hathaway Inc./BRK.B`);
    await desktop.getByTestId('asset-price').waitFor();
    expect(await desktop.title()).toBe('Itrust - Berkshire Hathaway Inc.');
    await shot(desktop, 'route-sweep-asset-desktop');
  });

  it('starts the app when its code arrives before the rest of the page is read', async () => {
    const page = pages.desktop!;
    await enter(page, sessions.investor);
    // The app's code is in the cache by now; the body is held up at a script before #root, as a slow page would be.
    const cash = (url: URL) => url.pathname === '/cash';
    await page.route(cash, async (route) => {
      const original = await route.fetch();
      const body = (await original.text()).replace(
        '<div id="root">',
        '<script src="/slow-part.js"></script><div id="root">',
      );
      await route.fulfill({ response: original, body });
    });
    const slowPart = (url: URL) => url.pathname === '/slow-part.js';
    await page.route(slowPart, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.fulfill({ contentType: 'text/javascript', body: '' });
    });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      await page.goto(`${stack.app.url}/cash`);
      await page.getByRole('heading', { name: 'Cash', level: 1 }).waitFor({ timeout: 15_000 });
    } finally {
      await page.unroute(cash);
      await page.unroute(slowPart);
    }
    expect(errors).toEqual([]);
  });
});

describe('in-app navigation', () => {
  for (const { name } of viewports) {
    it(`starts the next screen at the top after a long scrolled one, on ${name}`, async () => {
      const page = pages[name]!;
      await enter(page, sessions.investor);
      await page.goto(`${stack.app.url}/info/terms`);
      await settled(page);
      await scrollDownAndFollow(page, page.getByRole('contentinfo').getByRole('link', { name: 'F.A.Q' }));
      await page.getByRole('heading', { name: 'F.A.Q', level: 1 }).waitFor();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);

      await page.goto(`${stack.app.url}/market`);
      await settled(page);
      await page.getByRole('row', { name: 'Berkshire Hathaway Inc., open details' }).click();
      await page.getByTestId('asset-price').waitFor();
      await settled(page);
      // The market list is cached from before, so it is as long as it was at once.
      await scrollDownAndFollow(page, page.getByRole('link', { name: '← Back to the market' }));
      await page.getByRole('heading', { name: 'Market', level: 1 }).waitFor();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
    });
  }

  it('takes a newcomer through the sign-up steps to /verifyemail, each at the top, on a phone', async () => {
    const page = pages.phone!;
    await page.evaluate(() => sessionStorage.clear());
    await page.goto(`${stack.app.url}/signup`);
    const suffix = Date.now().toString(36);
    await page.getByLabel('First name').fill('Alexandra');
    await page.getByLabel('Last name').fill('Konstantinopoulou');
    await page.getByLabel('Email address').fill(`alexandra.konstantinopoulou.invests.${suffix}@example.com`);
    await page.getByLabel('Username').fill(`alexandra${suffix}`);
    await page.getByLabel('Password', { exact: true }).fill('compiler pioneer 1952');
    await page.getByLabel('Confirm password').fill('compiler pioneer 1952');
    await scrollDownAndFollow(page, page.getByRole('button', { name: 'Next' }));
    await page.getByRole('heading', { name: 'Provide contact information', level: 1 }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.getByLabel('Phone Number').fill('+44 20 7946 0018');
    await page.getByLabel('Residential Address').fill('221B Baker Street');
    await chooseOption(page, 'Country', 'United Kingdom');
    await chooseOption(page, 'State/Province', 'England');
    await chooseOption(page, 'City', 'London');
    await page.getByLabel('Enter zip code').fill('NW1 6XE');
    await scrollDownAndFollow(page, page.getByRole('button', { name: 'Next' }));
    await page.getByRole('heading', { name: 'Other information', level: 1 }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.getByLabel('Date of birth').fill('1990-12-09');
    await chooseOption(page, 'Nationality', 'British');
    await page.getByLabel('Account currency').selectOption({ label: '£ British Pound (GBP)' });
    await page.getByLabel('Investing experience').selectOption('advanced');
    await page.getByLabel('Employment').selectOption('employed');
    await page.getByLabel('I agree to the terms and conditions.').check();
    await scrollDownAndFollow(page, page.getByRole('button', { name: 'Create account' }));
    await page.getByRole('heading', { name: 'Verify your email Address', level: 1 }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // The intro names the long address: it wraps inside the card.
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'route-sweep-verifyemail-phone');
  });
});

describe('the operator console on a phone', () => {
  it('keeps a withdrawal card with a long ETH address within the screen', async () => {
    const { token } = sessions.investor;
    // Adding a destination needs a step-up, and one added today takes a day before money can go to it.
    await postApi('/user/security/step-up/code', {}, token);
    const code = await codeFromOutbox(stack.dataDir, 'demo@example.com', 'confirmation code', new Set());
    await postApi('/user/security/step-up', { code }, token);
    const saved = await postApi(
      '/user/payment-method',
      { type: 'crypto', currency: 'eth', wallet_address: '0x52908400098527886E0F7030069857D2E4169EE7' },
      token,
    );
    const method = saved.data['payment_method'] as { id: string };
    await stack.sql(
      "update payment_methods set created_at = created_at - interval '1 day', usable_at = usable_at - interval '1 day' where id = $1",
      [method.id],
    );
    await postApi('/user/transaction/withdraw', { amount: '1500.00', payment_method_id: method.id }, token);
    const page = pages.phone!;
    await enter(page, sessions.operator);
    await page.goto(`${stack.app.url}/admin`);
    await page.getByRole('tab', { name: 'Withdrawals' }).click();
    const card = page.getByTestId('transaction-case').filter({ hasText: '0x52908400098527886E0F7030069857D2E4169EE7' });
    await card.waitFor();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    expect(await reachPastScreen(card)).toBeLessThanOrEqual(0);
    await shot(page, 'route-sweep-admin-withdrawal-phone');
  });
});
