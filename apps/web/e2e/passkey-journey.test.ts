import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, sidewaysOverflow, watchPageProblems } from './support/browser.ts';
import { shot, waitForPath } from './support/journey.ts';
import { failedShotName, SignInPage } from './support/sign-in-page.ts';
import { signOutQuietly } from './support/sign-out.ts';
import { confirmItIsYou } from './support/step-up.ts';
import { startStack, type Stack } from './support/stack.ts';
import { freePort } from './support/free-port.ts';

const phoneSize = { width: 390, height: 844 };
// A phone browser with a long name, as the signed-in devices list shows it.
const phoneAgent =
  'Mozilla/5.0 (Linux; Android 14; SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36';
let stack: Stack;
let browser: Browser;
let base: string;
const problems: string[] = [];
const seenMail = new Set<string>();
const pages: Page[] = [];

/** A page whose browser holds a virtual platform authenticator that verifies its user, as a phone or laptop does. */
async function pageWithAuthenticator(viewport: { width: number; height: number }, mobile = false) {
  const context: BrowserContext = await browser.newContext({
    viewport,
    isMobile: mobile,
    hasTouch: mobile,
    ...(mobile ? { userAgent: phoneAgent } : {}),
  });
  const page = await context.newPage();
  problems.push(...watchPageProblems(page));
  pages.push(page);
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const credentials = async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
  return { page, credentials };
}

async function signInWithPassword(page: Page) {
  await new SignInPage(page).open(base);
  await new SignInPage(page).signIn('demo@example.com', stack.demoPassword);
}

/** Adds a passkey from Security; true when the server asked for the step-up first and the dialog gave it. */
async function addPasskey(page: Page, name: string) {
  await page.goto(`${base}/security`);
  await page.getByRole('heading', { name: 'Passkeys' }).waitFor();
  await page.getByLabel('Passkey name').fill(name);
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  const added = page.getByText('Passkey added.');
  const stepUp = page.getByRole('dialog', { name: 'Confirm it is you' });
  // Adding a second step is a risky change: without a recent second step the server asks for one first.
  await added.or(stepUp).waitFor();
  const asked = await stepUp.isVisible();
  if (asked) {
    // Each journey signs in afresh and steps up again, sooner than a person may ask for another code.
    await stack.sql("delete from throttle_events where key like 'code:step_up:%'");
    await confirmItIsYou(page, stack.dataDir, 'demo@example.com', seenMail);
  }
  await added.waitFor();
  await page.getByRole('list', { name: 'Your passkeys' }).getByText(name).waitFor();
  return asked;
}

async function logOut(page: Page) {
  await page.goto(`${base}/user`);
  await page.getByRole('button', { name: 'Log out' }).click();
  await waitForPath(page, '/');
  await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
}

beforeAll(async () => {
  const port = await freePort();
  base = `http://localhost:${port}`;
  // Chromium starts while the app does: neither needs the other until the first page.
  await Promise.all([
    startStack('passkey', { PORT: String(port), APP_URL: base }).then((started) => (stack = started)),
    launchChromium().then((launched) => (browser = launched)),
  ]);
});

afterAll(async () => {
  await browser.close();
  await stack.stop();
});

afterEach(async (context) => {
  const page = pages.at(-1);
  if (page && context.task.result?.state === 'fail') await shot(page, failedShotName(context.task.name));
});

describe('passkeys in Chromium', () => {
  it('registers a passkey on a desktop, signs out and signs in with the passkey alone', async () => {
    const { page, credentials } = await pageWithAuthenticator({ width: 1280, height: 800 });
    await signInWithPassword(page);
    await waitForPath(page, '/portfolio');
    await page.goto(`${base}/security`);
    await page.getByText('You have no passkeys yet.').waitFor();
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByText('Give the passkey a name.').waitFor();
    await shot(page, 'passkeys-empty-desktop');

    // A session signed in with the password alone confirms it is the user before adding a second step.
    expect(await addPasskey(page, 'Work laptop')).toBe(true);
    const [held] = await credentials();
    expect(held?.isResidentCredential).toBe(true);
    await page.getByText(/Added .* · not used yet/).waitFor();
    // The first strong second step brings the recovery codes, shown this once.
    await page.getByText('Keep your recovery codes somewhere safe: they are shown only once.').waitFor();
    expect(await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').count()).toBe(10);
    await shot(page, 'passkeys-added-desktop');
    await page.getByRole('button', { name: 'I have saved them' }).click();
    expect(await page.getByRole('list', { name: 'Recovery codes' }).count()).toBe(0);

    await logOut(page);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await waitForPath(page, '/portfolio');
    await page.getByRole('heading', { name: 'Portfolio' }).waitFor();
    await page.goto(`${base}/security`);
    await page.getByText(/Added .* · last used /).waitFor();
    expect(problems).toEqual([]);
  });

  it('offers the passkey as the second step after the password', async () => {
    const { page } = await pageWithAuthenticator({ width: 1280, height: 800 });
    await signInWithPassword(page);
    await waitForPath(page, '/portfolio');
    await addPasskey(page, 'Desk key');
    expect(await page.getByRole('list', { name: 'Recovery codes' }).count()).toBe(0);
    // Turned on while signed out: the Security switch would also mark this browser's second step as done.
    await signOutQuietly(page);
    await stack.sql("update users set two_fa_activated_at = now() where email = 'demo@example.com'");

    await signInWithPassword(page);
    await waitForPath(page, '/otp');
    await page.getByRole('button', { name: 'Use a passkey instead' }).waitFor();
    await shot(page, 'passkey-second-step-desktop');
    await page.getByRole('button', { name: 'Use a passkey instead' }).click();
    await waitForPath(page, '/portfolio');
    await stack.sql("update users set two_fa_activated_at = null where email = 'demo@example.com'");
    expect(problems).toEqual([]);
  });

  it('removes a passkey, after which it no longer signs in', async () => {
    const { page } = await pageWithAuthenticator({ width: 1280, height: 800 });
    await signInWithPassword(page);
    await waitForPath(page, '/portfolio');
    await addPasskey(page, 'Old tablet');
    await page.getByRole('button', { name: 'Remove passkey Old tablet' }).click();
    await page.getByRole('button', { name: 'Remove Old tablet' }).click();
    await page.getByText('Passkey removed.').waitFor();
    expect(await page.getByText('Old tablet').count()).toBe(0);

    await signOutQuietly(page);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page
      .getByText('This passkey is not registered with Itrust. Sign in with your password, then add it under Security.')
      .waitFor();
    await shot(page, 'passkey-unknown-desktop');
  });

  it('registers and signs in with a passkey on a 390×844 phone, without sideways scrolling', async () => {
    const { page } = await pageWithAuthenticator(phoneSize, true);
    await signInWithPassword(page);
    await waitForPath(page, '/portfolio');
    await addPasskey(page, 'My phone with a rather long name that must wrap');
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    // Whatever the width of the phone, the badge never breaks over two lines.
    const badge = page.getByText('This device', { exact: true });
    for (let width = 300; width <= phoneSize.width; width += 3) {
      await page.setViewportSize({ width, height: phoneSize.height });
      expect(await badge.evaluate((element) => element.getClientRects().length), `at ${width} px`).toBe(1);
    }
    await page.setViewportSize(phoneSize);
    await shot(page, 'passkeys-phone');

    await signOutQuietly(page);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'passkey-sign-in-phone');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await waitForPath(page, '/portfolio');
    expect(problems).toEqual([]);
  });
});
