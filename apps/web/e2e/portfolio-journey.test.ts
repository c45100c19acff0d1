import { readFile } from 'node:fs/promises';
import type { Browser, Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { phoneWithSessionOf, reachPastScreen, sidewaysOverflow } from './support/browser.ts';
import type { Stack } from './support/stack.ts';
import { browserJourney, crosshairValue, drawnPoints, shot } from './support/journey.ts';

let stack: Stack;
let browser: Browser;
let page: Page;
let problems: string[];

/** Holds back the responses to requests for `url` (a glob) until the function it returns is called. */
async function holdRequests(target: Page, url: string): Promise<() => Promise<void>> {
  const { promise, resolve } = Promise.withResolvers<undefined>();
  await target.route(url, async (route) => {
    await promise;
    await route.continue();
  });
  return async () => {
    resolve(undefined);
    await target.unrouteAll({ behavior: 'wait' });
  };
}

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

browserJourney(
  'portfolio',
  { viewport: { width: 1366, height: 1000 } },
  (ready) => ({ stack, browser, page, problems } = ready),
);

describe('portfolio and history in Chromium', () => {
  it("draws the demo investor's net worth for every range, with the holdings and wallet breakdown", async () => {
    const chart = page.getByTestId('net-worth-chart');
    for (const range of ['1d', '7d', '30d', '1yr', 'all']) {
      await page.getByRole('group', { name: 'Chart range' }).getByRole('button', { name: range, exact: true }).click();
      await expect.poll(() => chart.getAttribute('data-range')).toBe(range);
      expect(Number(await chart.getAttribute('data-points'))).toBeGreaterThan(20);
      const points = Number(await chart.getAttribute('data-points'));
      await expect.poll(() => drawnPoints(chart)).toBe(points);
      await page.getByText(/^Over .* your net worth went from \$[\d,]+\.\d\d to \$[\d,]+\.\d\d/).waitFor();
    }
    expect(await crosshairValue(page, chart)).toMatch(/^\$[\d,]+\.\d\d$/);
    await shot(page, 'portfolio-desktop');

    const holdings = page.getByTestId('holding');
    await expect.poll(() => holdings.count()).toBe(3);
    for (const bar of await page.getByTestId('holding-bar').all()) {
      const width = await bar.evaluate((element) => Number.parseFloat((element as HTMLElement).style.width));
      expect(width).toBeGreaterThan(0);
      expect(width).toBeLessThanOrEqual(100);
    }
    const breakdown = await page.getByTestId('wallet-breakdown').textContent();
    for (const wallet of ['Cash', 'Automated Investing', 'Brokerage', 'Savings']) expect(breakdown).toContain(wallet);
    await expect.poll(() => page.getByTestId('net-worth').textContent()).toMatch(/^\$1\d\d,\d{3}\.\d\d$/);
    expect(await page.getByTestId('open-positions').locator('tbody tr').count()).toBe(3);
  });

  it('/history filters the transactions by month, remembers the tab and exports a CSV', async () => {
    await page.getByRole('link', { name: 'History' }).first().click();
    await page.waitForURL((url) => url.pathname === '/history');
    await page.getByRole('tab', { name: 'transaction history' }).click();
    await page.getByTestId('transaction-row').first().waitFor();
    expect(await page.getByTestId('transaction-row').count()).toBeLessThanOrEqual(7);

    // The month of the demo's opening deposit, 120 days ago.
    const opening = new Date(Date.now() - 120 * 24 * 60 * 60 * 1000);
    const month = `${opening.getUTCFullYear()}-${String(opening.getUTCMonth() + 1).padStart(2, '0')}`;
    const [expected] = await stack.sql<{ count: number }>(
      `select count(*)::int from transactions t join users u on u.id = t.user_id
       where u.email = 'demo@example.com' and to_char(t.created_at at time zone 'UTC', 'YYYY-MM') = $1`,
      [month],
    );
    await page.getByLabel('Month').selectOption(monthNames[opening.getUTCMonth()] ?? 'Jan');
    await page.getByLabel('Year').selectOption(String(opening.getUTCFullYear()));
    await expect.poll(() => page.getByTestId('transaction-row').count()).toBe(Math.min(7, expected?.count ?? 0));
    const rows = await page.getByTestId('transaction-row').allTextContents();
    expect(rows.some((row) => row.startsWith('Deposit$120,000.00'))).toBe(true);
    await shot(page, 'history-desktop');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`itrust-transactions-${month}.csv`);
    const text = await readFile(await file.path(), 'utf8');
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Reference,Date,Type,Status,Amount,Currency,From,To,Method,Comment');
    expect(lines).toHaveLength(1 + (expected?.count ?? 0));
    expect(lines.every((line, index) => index === 0 || line.split(',')[1]?.startsWith(month))).toBe(true);

    await page.reload();
    await page.getByRole('tab', { name: 'transaction history', selected: true }).waitFor();
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('opened directly, each screen asks for its first figures while its code downloads, showing it is loading', async () => {
    const screens = [
      { path: '/portfolio', code: 'portfolio-route', figures: '/api/user/analytics?timeframe=1d' },
      { path: '/cash', code: 'cash-route', figures: '/api/user?include=wallet' },
      { path: '/market', code: 'market-route', figures: '/api/assets?page=1&per_page=25&sort=name' },
      { path: '/savings', code: 'savings-route', figures: '/api/user?include=savings' },
    ];
    for (const screen of screens) {
      const asked: string[] = [];
      const onRequest = (request: Request) =>
        asked.push(new URL(request.url()).pathname + new URL(request.url()).search);
      page.on('request', onRequest);
      const release = await holdRequests(page, `**/assets/${screen.code}-*.js`);
      await page.goto(`${stack.app.url}${screen.path}`);
      await expect.poll(() => asked.includes(decodeURI(screen.figures))).toBe(true);
      await page.getByRole('status').filter({ hasText: 'Loading…' }).first().waitFor();
      if (screen.path === '/portfolio') await shot(page, 'portfolio-loading-desktop');
      await release();
      await page.getByRole('heading', { level: 1 }).waitFor();
      // Asked once: the screen, mounted by now, takes the loader's response rather than asking again.
      await page.waitForTimeout(500);
      page.off('request', onRequest);
      expect(
        asked.filter((path) => path === decodeURI(screen.figures)),
        screen.path,
      ).toHaveLength(1);
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('shows the five portfolio sub-tabs on a 390×844 phone', async () => {
    const phone = await phoneWithSessionOf(browser, page, stack.app.url);
    await phone.goto(`${stack.app.url}/portfolio`);
    const tabs = phone.getByRole('tablist', { name: 'Portfolio sections' }).getByRole('tab');
    await tabs.first().waitFor();
    expect(await tabs.allTextContents()).toEqual(['overview', 'account', 'holdings', 'position', 'history']);
    await phone.getByTestId('net-worth-chart').waitFor();
    await shot(phone, 'portfolio-phone');
    await tabs.filter({ hasText: 'account' }).click();
    await phone.getByTestId('wallet-breakdown').waitFor();
    await tabs.filter({ hasText: 'holdings' }).click();
    await phone.getByTestId('holding').first().waitFor();
    await tabs.filter({ hasText: 'position' }).click();
    await phone.getByTestId('open-positions').waitFor();
    // Every figure of a position and of a trade is on the screen, none behind a sideways scroll.
    expect(await reachPastScreen(phone.getByTestId('open-positions'))).toBeLessThanOrEqual(0);
    await shot(phone, 'portfolio-positions-phone');
    await tabs.filter({ hasText: 'history' }).click();
    await phone.getByTestId('trade-history').waitFor();
    expect(await reachPastScreen(phone.getByTestId('trade-history'))).toBeLessThanOrEqual(0);
    await shot(phone, 'portfolio-trade-history-phone');
    expect(await sidewaysOverflow(phone)).toBeLessThanOrEqual(0);
    await phone.goto(`${stack.app.url}/history`);
    await phone.getByRole('tablist', { name: 'History tabs' }).waitFor();
    expect(await sidewaysOverflow(phone)).toBeLessThanOrEqual(0);
    await shot(phone, 'history-phone');
    await phone.close();
  });
});
