import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { phoneWithSessionOf, reachPastScreen, sidewaysOverflow } from './support/browser.ts';
import type { Stack } from './support/stack.ts';
import { browserJourney, shot } from './support/journey.ts';

let stack: Stack;
let browser: Browser;
let page: Page;
let problems: string[];

browserJourney(
  'auto',
  // The job runs every 2 seconds here instead of every minute.
  { env: { AUTO_INVEST_SECONDS: '2' }, viewport: { width: 1366, height: 1000 } },
  (ready) => ({ stack, browser, page, problems } = ready),
);

describe('automated investing in Chromium', () => {
  it('invests a transfer into the model and shows the holdings near their targets', async () => {
    await page.goto(`${stack.app.url}/cash`);
    await page.getByRole('tab', { name: 'transfer' }).click();
    await page.getByRole('radio', { name: 'automated investing' }).check();
    await page.getByLabel('Amount').fill('10000');
    await page.getByRole('button', { name: 'Transfer', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'confirm transfer request' })
      .getByRole('button', { name: 'Confirm' })
      .click();
    await page.getByText('Transfer completed.').waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.goto(`${stack.app.url}/portfolio`);
    await page.getByTestId('wallet-breakdown').getByRole('link', { name: 'Automated Investing' }).click();
    await page.waitForURL((url) => url.pathname === '/auto');
    await page.getByRole('heading', { name: 'Balanced model' }).waitFor();
    // The panel refreshes itself; within a few job runs the cash is invested.
    const rows = page.getByTestId('auto-holding');
    await expect
      .poll(async () => (await rows.allTextContents()).filter((row) => !row.includes('$0.00')).length, {
        timeout: 20_000,
      })
      .toBe(11);
    for (const row of await rows.all()) {
      const [target, now] = (await row.locator('td').allTextContents())
        .slice(1, 3)
        .map((cell) => Number.parseFloat(cell));
      expect(Math.abs((now ?? 0) - (target ?? 0))).toBeLessThan(1);
    }
    await shot(page, 'auto-desktop');
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('changes the model after a confirmation, and the job moves the holdings to it', async () => {
    await page.getByRole('radio', { name: /Growth/ }).check();
    await page.getByRole('button', { name: 'Change model' }).click();
    await page.getByRole('dialog', { name: 'Change your model?' }).getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Your automated investing now follows the Growth model.').waitFor();
    // 'Change model' is disabled now that Growth is the model: the focus goes to the chooser's heading.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Choose a model');
    await page.getByRole('heading', { name: 'Growth model' }).waitFor();
    await expect
      .poll(
        async () => page.getByTestId('auto-holding').filter({ hasText: 'NVDA' }).locator('td').nth(2).textContent(),
        {
          timeout: 20_000,
        },
      )
      .toMatch(/^1[4-6]\.\d\d%/);
  });

  it("marks the job's trades in the trade history: auto-invest, and the sales it made to rebalance", async () => {
    await page.goto(`${stack.app.url}/history`);
    const history = page.getByTestId('trade-history');
    await history.getByText('auto-invest').first().waitFor();
    const rebalanced = history.getByText('rebalance', { exact: true });
    const section = page.getByRole('region', { name: 'Trade History' });
    const pageShown = async (pageNumber: number) => (await page.getByText(`page ${pageNumber} of`).count()) > 0;
    // Newest first, 7 a page: the model change's sales are on one of the first pages. The job keeps
    // trading meanwhile and the list refreshes itself, so rows only move on to later pages: paging
    // forward cannot pass them, but the page seen can change between two looks at it, so what was
    // found is stored rather than looked up again.
    let seenOnPage = 0;
    for (let pageNumber = 1; pageNumber < 10; pageNumber += 1) {
      if ((await rebalanced.count()) > 0) {
        seenOnPage = pageNumber;
        await shot(page, 'auto-trade-history');
        break;
      }
      await page.getByRole('button', { name: 'Next' }).click();
      // The pager moves on at once while the last page's rows stay, busy, until the next page's come.
      await expect
        .poll(async () => (await section.getAttribute('aria-busy')) === 'false' && (await pageShown(pageNumber + 1)))
        .toBe(true);
    }
    expect(seenOnPage, 'a sale marked rebalance on one of the first nine pages').toBeGreaterThan(0);
  });

  it('fits a 390×844 phone', async () => {
    const phone = await phoneWithSessionOf(browser, page, stack.app.url);
    await phone.goto(`${stack.app.url}/auto`);
    await phone.getByTestId('auto-weights').waitFor();
    expect(await sidewaysOverflow(phone)).toBeLessThanOrEqual(0);
    // Every column of the weights, the holdings' values among them, on the screen.
    expect(await reachPastScreen(phone.getByTestId('auto-weights'))).toBeLessThanOrEqual(0);
    await shot(phone, 'auto-phone');
    await phone.close();
  });
});
