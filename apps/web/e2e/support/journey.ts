import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { launchChromium, screenshotDir } from './browser.ts';
import { demoInvestorPage, failedShotName } from './sign-in-page.ts';
import { startStack, type Stack } from './stack.ts';

export type Journey = { stack: Stack; browser: Browser; page: Page; problems: string[] };

type SignIn = (browser: Browser, stack: Stack) => Promise<{ page: Page; problems: string[] }>;

/** Waits for the next paint, so a screenshot shows what the page has just rendered. */
export const painted = (target: Page) =>
  target.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

/** How many points the range chart under `chart` draws its line through. */
export const drawnPoints = (chart: Locator) =>
  chart
    .locator('path.chart-line')
    .getAttribute('d')
    .then((line) => (line ? line.split(/[ML]/).filter(Boolean).length : 0));

/**
 * The crosshair's value label once the pointer rests over the middle of the chart under `chart`:
 * the value as the price scale shows it.
 */
export async function crosshairValue(target: Page, chart: Locator): Promise<string> {
  const box = await chart.boundingBox();
  if (!box) throw new Error('the chart is not on screen');
  await target.mouse.move(box.x + box.width / 3, box.y + box.height / 2);
  return (await chart.locator('[data-testid="crosshair-value"]').textContent()) ?? '';
}

/** Waits until `target` is at `pathname`, given the time a busy machine can take to get there. */
export const waitForPath = (target: Page, pathname: string) =>
  target.waitForURL((url) => url.pathname === pathname, { timeout: 15_000 });

/**
 * A full-page screenshot in test-results/screenshots, once the page has painted what it shows (a
 * shot taken before the next frame once showed an empty chart).
 */
export async function shot(target: Page, name: string) {
  await painted(target);
  await target.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

/**
 * The hooks of a Chromium journey: the app on its own data (`env` added), a browser, a page
 * signed in (the demo investor unless `signIn` says otherwise), a screenshot of any failed test,
 * and everything stopped at the end. `ready` receives them once started.
 */
export function browserJourney(
  name: string,
  options: { env?: Record<string, string>; viewport?: { width: number; height: number }; signIn?: SignIn },
  ready: (journey: Journey) => void,
): void {
  let stack: Stack | undefined;
  let browser: Browser | undefined;
  let page: Page | undefined;
  const signIn: SignIn =
    options.signIn ??
    ((browser, stack) => demoInvestorPage(browser, stack.app.url, stack.demoPassword, options.viewport));
  beforeAll(async () => {
    // Chromium starts while the app does: neither needs the other until the sign-in. Whichever
    // started is stopped after a failure of the other.
    const starting = await Promise.allSettled([
      startStack(name, options.env).then((started) => (stack = started)),
      launchChromium().then((launched) => (browser = launched)),
    ]);
    for (const outcome of starting) if (outcome.status === 'rejected') throw outcome.reason;
    if (!stack || !browser) throw new Error('the app or Chromium did not start');
    const signedIn = await signIn(browser, stack);
    page = signedIn.page;
    ready({ stack, browser, ...signedIn });
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });
  afterEach(async (context) => {
    if (page && context.task.result?.state === 'fail') await shot(page, failedShotName(context.task.name));
  });
}
