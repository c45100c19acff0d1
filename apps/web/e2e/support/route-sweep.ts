import type { Page } from 'playwright-core';
import type { RouteObject } from 'react-router';
import { expect } from 'vitest';

export type Session = { token: string; user: unknown };

/**
 * The addresses opened for each path the router declares, by a full page load. Each parameter
 * holds a dot, a space or a non-ASCII letter; `*` stands for an address no route knows.
 */
export const addresses: Record<string, string[]> = {
  '/': ['/'],
  '/signup': ['/signup'],
  '/stepone': ['/stepone'],
  '/steptwo': ['/steptwo'],
  '/verifyemail': ['/verifyemail'],
  '/otp': ['/otp'],
  '/reset-password': ['/reset-password'],
  '/validate-otp': ['/validate-otp'],
  '/signin': ['/signin'],
  '/info/:topic': ['/info/faq', '/info/Café No. 5'],
  '/admin': ['/admin'],
  '/change-password': ['/change-password'],
  '/reset-password-link': ['/reset-password-link'],
  '/undo-email-change': ['/undo-email-change'],
  '/portfolio': ['/portfolio'],
  '/user': ['/user'],
  '/profile': ['/profile'],
  '/security': ['/security'],
  '/alerts': ['/alerts'],
  '/currency': ['/currency'],
  '/kyc': ['/kyc'],
  '/cash': ['/cash'],
  '/deposit': ['/deposit'],
  '/transfer': ['/transfer'],
  '/withdraw': ['/withdraw'],
  '/market': ['/market'],
  '/asset/:assetName/:symbol': ['/asset/Berkshire Hathaway Inc./BRK.B', '/asset/Société Générale S.A./GLE.PA'],
  '/auto': ['/auto'],
  '/history': ['/history'],
  '/recurring': ['/recurring'],
  '/savings': ['/savings'],
  '/openaccount': ['/openaccount'],
  '/contribute/:walletName': ['/contribute/ROTH IRA', '/contribute/Épargne 2.0'],
  '/cashout/:walletName/:balance': ['/cashout/HSA/2000.00', '/cashout/ROTH IRA/5500.00', '/cashout/Épargne é/1.5'],
  '*': ['/no.such/päge here.json'],
};

export const declaredPaths = (list: RouteObject[]): string[] =>
  list.flatMap((route) => [...(route.path ? [route.path] : []), ...declaredPaths(route.children ?? [])]);

/** Puts `session` in the page's storage as a finished sign-in leaves it, and nothing else. */
export async function enter(page: Page, session: Session) {
  await page.evaluate(({ token, user }) => {
    sessionStorage.clear();
    sessionStorage.setItem('accessToken', token);
    sessionStorage.setItem('userInfo', JSON.stringify(user));
    localStorage.setItem('authPassed', 'true');
  }, session);
}

/**
 * Waits until the app shows a heading (or its not-found message) and has its data. The wait is long:
 * on a machine this busy a response can take seconds, and a failed one is retried with a backoff.
 */
export async function settled(page: Page) {
  await page.locator('#root').locator('h1:visible, [role="alert"]:visible').first().waitFor({ timeout: 30_000 });
  await page.waitForFunction(
    () => !/Loading|Wait\.\.\./.test(document.getElementById('root')?.innerText ?? ''),
    undefined,
    { timeout: 30_000 },
  );
}

/** Whether the page got as far as `settled` says. */
export const showsScreen = (page: Page) =>
  settled(page).then(
    () => true,
    () => false,
  );

/** The page scrolled to its end, a link clicked there without scrolling it into view first. */
export async function scrollDownAndFollow(page: Page, link: ReturnType<Page['getByRole']>) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await link.evaluate((element: HTMLElement) => element.click());
}
