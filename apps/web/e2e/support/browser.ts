import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { chromiumFlags, chromiumPath } from './chromium.ts';
import { repoRoot } from './server.ts';

export const screenshotDir = path.join(repoRoot, 'test-results', 'screenshots');

export async function launchChromium(): Promise<Browser> {
  mkdirSync(screenshotDir, { recursive: true });
  return chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumFlags });
}

/** Collects console errors and Content-Security-Policy violations a page reports. */
export function watchPageProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    // Chromium reports every 4xx response as a console error; refused sign-ins and codes are expected ones.
    const expectedRefusal = /^Failed to load resource: the server responded with a status of 4\d\d/.test(
      message.text(),
    );
    if (message.type() === 'error' && !expectedRefusal) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/** A 390×844 phone page signed in with the same session as `page` (the second step passed). */
export async function phoneWithSessionOf(browser: Browser, page: Page, baseUrl: string): Promise<Page> {
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const session = await page.evaluate(() => [
    sessionStorage.getItem('accessToken'),
    sessionStorage.getItem('userInfo'),
  ]);
  await phone.goto(baseUrl);
  await phone.evaluate(([token, user]) => {
    sessionStorage.setItem('accessToken', token ?? '');
    sessionStorage.setItem('userInfo', user ?? '');
    localStorage.setItem('authPassed', 'true');
  }, session);
  return phone;
}

/**
 * How far the page reaches past the width of its screen. Not `innerWidth`: on a mobile page the
 * visual viewport zooms out to fit a page that overflows, so `innerWidth` grows with it.
 */
export async function sidewaysOverflow(page: Page): Promise<number> {
  const screenWidth = page.viewportSize()?.width ?? 0;
  return (await page.evaluate(() => document.documentElement.scrollWidth)) - screenWidth;
}

/**
 * How far any part of an element reaches past the right edge of the screen, counting what a card
 * scrolls sideways inside itself (which `sidewaysOverflow` cannot see: the page itself fits).
 */
export async function reachPastScreen(locator: Locator): Promise<number> {
  const screenWidth = locator.page().viewportSize()?.width ?? 0;
  const right = await locator.evaluate((element) =>
    Math.max(...[element, ...element.querySelectorAll('*')].map((node) => node.getBoundingClientRect().right)),
  );
  return right - screenWidth;
}

/** The text of the messages an input's aria-describedby points at. */
export const describedBy = (input: Locator) =>
  input.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' | '),
  );

/** Whether two boxes on screen share any area. */
export const overlap = async (one: Locator, other: Locator) => {
  const [a, b] = [await one.boundingBox(), await other.boundingBox()];
  if (!a || !b) throw new Error('a box is not on screen');
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
};

/** The message a field's aria-describedby points to, after its hint. */
export const messageBeside = async (field: Locator) => {
  const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(' ').filter(Boolean);
  return ids.length > 0
    ? field
        .page()
        .locator(`[id="${ids.at(-1)}"]`)
        .textContent()
    : null;
};
