import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { phoneWithSessionOf, sidewaysOverflow } from './support/browser.ts';
import { fundedInvestor } from './support/investor.ts';
import { investorPage } from './support/sign-in-page.ts';
import type { Stack } from './support/stack.ts';
import { browserJourney, shot } from './support/journey.ts';

let stack: Stack;
let browser: Browser;
let page: Page;
let problems: string[];

const emptyWatchlist = 'No assets on your watchlist yet. Tap the star beside an asset to add it.';
const row = (target: Page, symbol: string) => target.locator(`tbody tr[data-symbol="${symbol}"]`);
const star = (target: Page, name: string, pressed: boolean) =>
  target.getByRole('button', {
    name: pressed ? `Remove ${name} from your watchlist` : `Add ${name} to your watchlist`,
    pressed,
    exact: true,
  });
const listTab = (target: Page, name: 'All assets' | 'Watchlist', selected?: boolean) =>
  target.getByRole('tablist', { name: 'Market lists' }).getByRole('tab', { name, exact: true, selected });
const listedSymbols = (target: Page) =>
  target.locator('tbody tr[data-symbol]').evaluateAll((rows) => rows.map((shown) => shown.getAttribute('data-symbol')));

browserJourney(
  'market-watchlist',
  {
    viewport: { width: 1280, height: 800 },
    // A new investor: no stars and no positions yet, and money moved to the brokerage wallet to trade.
    signIn: async (chromium, started) => {
      const investor = await fundedInvestor(started, '60000', new Set());
      const signedIn = await investorPage(
        chromium,
        started.app.url,
        { login: investor.email, password: investor.password },
        { width: 1280, height: 800 },
      );
      const moved = await signedIn.page.evaluate(async () => {
        const response = await fetch('/api/user/transaction/swap', {
          method: 'POST',
          headers: {
            authorization: `Bearer ${sessionStorage.getItem('accessToken') ?? ''}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ amount: '10000', from: 'cash', to: 'brokerage' }),
        });
        return response.status;
      });
      expect(moved).toBe(201);
      return signedIn;
    },
  },
  (ready) => ({ stack, browser, page, problems } = ready),
);

describe('the market screen’s watchlist, open positions and holdings in Chromium', () => {
  it('stars assets in the list, lists them under Watchlist, and unstars them back to the empty state', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Market' }).click();
    await listTab(page, 'Watchlist').click();
    await page.getByText(emptyWatchlist).waitFor();
    await listTab(page, 'All assets').click();
    await row(page, 'ADBE').waitFor();

    // A star changes the watchlist alone: the market list is not fetched again for it.
    const listReads: string[] = [];
    const countListReads = (request: { url: () => string }) => {
      if (new URL(request.url()).pathname === '/api/assets') listReads.push(request.url());
    };
    page.on('request', countListReads);
    const watchlistRead = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/user/watchlist',
    );
    await star(page, 'Adobe Inc.', false).click();
    await watchlistRead;
    await star(page, 'Adobe Inc.', true).waitFor();
    page.off('request', countListReads);
    expect(listReads).toEqual([]);
    await shot(page, 'market-list-desktop');
    // The star is a button of its own inside the row: pressing it, by mouse or key, opens nothing.
    await star(page, 'Apple Inc.', false).focus();
    await page.keyboard.press('Enter');
    await star(page, 'Apple Inc.', true).waitFor();
    expect(new URL(page.url()).pathname).toBe('/market');

    await listTab(page, 'Watchlist').click();
    await listTab(page, 'Watchlist', true).waitFor();
    // Sorted by name, as the full list is.
    await expect.poll(() => listedSymbols(page)).toEqual(['ADBE', 'AAPL']);
    expect(await row(page, 'AAPL').locator('[data-cell="price"]').textContent()).toMatch(/^\$[\d,]+\.\d{2}/);
    await page.getByText('2 assets on your watchlist').waitFor();
    await shot(page, 'market-watchlist-desktop');

    await star(page, 'Adobe Inc.', true).click();
    await row(page, 'ADBE').waitFor({ state: 'detached' });
    await star(page, 'Apple Inc.', true).focus();
    await page.keyboard.press('Enter');
    await page.getByText(emptyWatchlist).waitFor();
    // The row went with its star: the focus is back on the list's tab, not lost.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Watchlist');
    await shot(page, 'market-watchlist-empty-desktop');
    // The server forgot them too: a fresh load shows the empty watchlist.
    await page.reload();
    await listTab(page, 'Watchlist').click();
    await page.getByText(emptyWatchlist).waitFor();
  });

  it('opens a position from the trade form and finds it under open positions and holdings on /market', async () => {
    const positions = page.getByRole('region', { name: 'Open positions' });
    const holdings = page.getByRole('region', { name: 'Holdings' });
    await positions.getByText('You have no open positions').waitFor();
    await holdings.getByText('You have no Holdings').waitFor();

    const form = page.getByRole('region', { name: 'Trade' });
    await form.getByLabel('Asset', { exact: true }).selectOption({ label: 'Adobe Inc. (ADBE)' });
    await form.getByLabel('Amount ($)').fill('1000');
    await form.getByRole('button', { name: 'Buy', exact: true }).click();
    await page.getByRole('dialog', { name: 'confirm buy' }).getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('dialog', { name: 'Position opened' }).getByRole('button', { name: 'Continue' }).click();

    await positions.getByTestId('position-row').filter({ hasText: 'Adobe Inc.' }).waitFor();
    expect(await positions.getByTestId('position-row').count()).toBe(1);
    await holdings.getByTestId('holding').filter({ hasText: 'Adobe Inc.' }).waitFor();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'market-positions-desktop');
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('on a 390×844 phone: stars from the list, the watchlist, and the positions under trade', async () => {
    const phone = await phoneWithSessionOf(browser, page, stack.app.url);
    await phone.goto(`${stack.app.url}/market`);
    await phone.getByRole('tab', { name: 'asset', exact: true, selected: true }).waitFor();
    await row(phone, 'ADBE').waitFor();
    await phone.locator('#movers-panel li').nth(5).waitFor();
    expect(await sidewaysOverflow(phone)).toBeLessThanOrEqual(0);
    // The star, the name, the price and the day's change all show without scrolling the table.
    for (const cell of [star(phone, 'Adobe Inc.', false), row(phone, 'ADBE').locator('td').nth(2)]) {
      const box = await cell.boundingBox();
      expect((box?.x ?? Infinity) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    }
    await shot(phone, 'market-list-phone');

    await star(phone, 'Adobe Inc.', false).tap();
    await star(phone, 'Adobe Inc.', true).waitFor();
    await listTab(phone, 'Watchlist').tap();
    await listTab(phone, 'Watchlist', true).waitFor();
    await expect.poll(() => listedSymbols(phone)).toEqual(['ADBE']);
    expect(await sidewaysOverflow(phone)).toBeLessThanOrEqual(0);
    await shot(phone, 'market-watchlist-phone');
    await star(phone, 'Adobe Inc.', true).tap();
    await phone.getByText(emptyWatchlist).waitFor();
    expect(await sidewaysOverflow(phone)).toBeLessThanOrEqual(0);

    await phone.getByRole('tab', { name: 'trade', exact: true }).tap();
    const positions = phone.getByRole('region', { name: 'Open positions' });
    await positions.getByTestId('position-row').filter({ hasText: 'Adobe Inc.' }).waitFor();
    await positions.getByTestId('position-row').getByRole('button').first().tap();
    await positions.getByLabel('Quantity to close').waitFor();
    await phone.getByRole('region', { name: 'Holdings' }).getByTestId('holding').first().waitFor();
    expect(await sidewaysOverflow(phone)).toBeLessThanOrEqual(0);
    await shot(phone, 'market-trade-phone');
    await phone.close();
  });
});
