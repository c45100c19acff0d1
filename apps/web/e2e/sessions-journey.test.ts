import type { Browser, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { sidewaysOverflow, watchPageProblems } from './support/browser.ts';
import { browserJourney, shot } from './support/journey.ts';
import { SignInPage } from './support/sign-in-page.ts';
import type { Stack } from './support/stack.ts';

/**
 * Signed-in devices: the demo investor signed in on a desktop and on a phone sees both sessions
 * under Security, and signs the phone out from the desktop; the phone's next request ends it there.
 */
const androidChrome =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

let stack: Stack;
let browser: Browser;
let page: Page;
let problems: string[];
let phone: Page;

browserJourney('sessions', {}, (journey) => ({ stack, browser, page, problems } = journey));

async function phoneSignedIn() {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    userAgent: androidChrome,
  });
  const signedIn = await context.newPage();
  problems.push(...watchPageProblems(signedIn));
  await new SignInPage(signedIn).open(stack.app.url);
  await new SignInPage(signedIn).signIn('demo@example.com', stack.demoPassword);
  await signedIn.waitForURL((url) => url.pathname === '/portfolio');
  return signedIn;
}

const sessionList = (target: Page) => target.getByRole('list', { name: 'Signed-in devices' });

it('lists the desktop and the phone under Security, this device marked, on both screens', async () => {
  phone = await phoneSignedIn();
  await page.goto(`${stack.app.url}/security`);
  const desktopSessions = sessionList(page).getByTestId('session');
  await desktopSessions.filter({ hasText: 'Chrome 131 on Android' }).waitFor();
  expect(await desktopSessions.count()).toBe(2);
  const current = desktopSessions.filter({ hasText: 'This device' });
  expect(await current.count()).toBe(1);
  expect(await current.textContent()).toContain('Network 127.0.0.0/24');
  await shot(page, 'sessions-desktop');

  await phone.goto(`${stack.app.url}/security`);
  await sessionList(phone).getByTestId('session').filter({ hasText: 'This device' }).waitFor();
  expect(await sessionList(phone).getByTestId('session').filter({ hasText: 'This device' }).textContent()).toContain(
    'Chrome 131 on Android',
  );
  expect(await sidewaysOverflow(phone)).toBeLessThanOrEqual(0);
  await shot(phone, 'sessions-phone');
});

it('signs the phone out from the desktop, and the phone is signed out on its next request', async () => {
  await page.getByRole('button', { name: 'Sign out Chrome 131 on Android' }).click();
  await page.getByText('The session is signed out.').waitFor();
  await page.getByText('No other device is signed in.').waitFor();
  expect(await sessionList(page).getByTestId('session').count()).toBe(1);
  await shot(page, 'sessions-desktop-after-sign-out');

  // The phone still shows what it loaded; the next request it makes is refused and ends its session.
  await phone.reload();
  await phone.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
  await shot(phone, 'sessions-phone-signed-out');
  const audit = await stack.sql<{ n: number }>(
    "select count(*)::int as n from audit_log where action = 'session.revoked'",
  );
  expect(audit[0]?.n).toBe(1);
  expect(problems).toEqual([]);
});
