import type { Browser, Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { phoneWithSessionOf, reachPastScreen, sidewaysOverflow } from './support/browser.ts';
import { cents } from './support/money.ts';
import type { Stack } from './support/stack.ts';
import { browserJourney, shot } from './support/journey.ts';

let stack: Stack;
let browser: Browser;
let page: Page;
let problems: string[];
/** The brokerage balance before the journey trades, in cents. */
let start: number;
/** What the first buy cost, in cents, as its success dialog says. */
let firstCost: number;
/** The ticket works out the quantity from the price it shows; the fill is at the price when the order arrives. */
const nearAmount = (paid: number, amount: number) => expect(Math.abs(paid - amount)).toBeLessThanOrEqual(amount / 100);

const available = async () => cents(await page.getByTestId('brokerage-available').textContent());
const heldQuantity = async () => (await page.getByTestId('position-quantity').first().textContent()) ?? '';
/** Confirms the trade the confirm dialog shows and closes its success dialog. */
async function confirmTrade(side: 'buy' | 'sell') {
  await page
    .getByRole('dialog', { name: `confirm ${side}` })
    .getByRole('button', { name: 'Confirm' })
    .click();
  const done = page.getByRole('dialog', { name: side === 'buy' ? 'Position opened' : 'Position closed' });
  await done.getByText('Thank you for investing with us.').waitFor();
  await done.getByRole('button', { name: 'Continue' }).click();
}

// A tick every 2 s, as in the market journey: the live-price check waits for ticks, which a loaded
// machine runs late (once, no change of BTC's quantity within 20 s of 5 s ticks).
browserJourney(
  'trading',
  { env: { MARKET_TICK_SECONDS: '2' } },
  (ready) => ({ stack, browser, page, problems } = ready),
);

describe('trading on the asset screen in Chromium', () => {
  it('buys a stock from the /market trade form: confirm, success modal, continue', async () => {
    await page.goto(`${stack.app.url}/market`);
    const form = page.getByRole('region', { name: 'Trade' });
    await expect.poll(available).toBeGreaterThan(0);
    start = await available();
    await form.getByRole('button', { name: 'Buy', exact: true }).click();
    await form.getByText('Amount required!').waitFor();
    await form.getByText('Select an asset!').waitFor();
    await form.getByLabel('Asset', { exact: true }).selectOption({ label: 'Adobe Inc. (ADBE)' });
    await form.getByLabel('Amount ($)').fill('1000');
    await expect.poll(async () => form.getByTestId('trade-quantity').textContent()).toMatch(/^\d+\.\d{6} ADBE$/);
    await form.getByRole('button', { name: 'Buy', exact: true }).click();
    await page.getByRole('dialog', { name: 'confirm buy' }).getByRole('button', { name: 'Confirm' }).click();
    const done = page.getByRole('dialog', { name: 'Position opened' });
    // What the wallet paid: the quantity at the price when the order arrived, within a tick of the amount typed.
    const bought = done.getByText(/^You bought \d+\.\d{6} of ADBE for \$[\d,]+\.\d\d\.$/);
    await bought.waitFor();
    firstCost = cents(/for (\$[\d,.]+)\.$/.exec((await bought.textContent()) ?? '')?.[1] ?? null);
    nearAmount(firstCost, 100_000);
    await done.getByText('Thank you for investing with us.').waitFor();
    await shot(page, 'market-trade-success');
    await done.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.pathname === '/market');
  });

  it("the /market trade form's quantity follows the asset's live price, on the list's quote stream", async () => {
    const open = new Set<Request>();
    const opened = (request: Request) => request.url().includes('/api/stream/quotes') && open.add(request);
    const ended = (request: Request) => open.delete(request);
    page.on('request', opened);
    page.on('requestfinished', ended);
    page.on('requestfailed', ended);
    await page.goto(`${stack.app.url}/market`);
    const form = page.getByRole('region', { name: 'Trade' });
    // Crypto trades around the clock, so its price moves with every tick at any hour.
    await form.getByLabel('Asset type').selectOption('crypto');
    await form.getByLabel('Asset', { exact: true }).selectOption({ label: 'Bitcoin (BTC)' });
    await form.getByLabel('Amount ($)').fill('1000');
    const quantity = form.getByTestId('trade-quantity');
    await expect.poll(() => quantity.textContent()).toMatch(/^0\.\d{6} BTC$/);
    const first = await quantity.textContent();
    await expect.poll(() => quantity.textContent(), { timeout: 20_000 }).not.toBe(first);
    // One stream for the list's 25 symbols and the form's.
    const streams = [...open].map((request) => new URL(request.url()).searchParams.get('symbols')?.split(',') ?? []);
    expect(streams).toHaveLength(1);
    expect(streams[0]).toContain('BTC');
    expect(streams[0]?.length).toBeGreaterThanOrEqual(25);
    page.off('request', opened);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  });

  it('finds the position on the asset screen and buys more from the trade ticket without a reload', async () => {
    await page.locator('tbody tr[data-symbol="ADBE"]').click();
    await page.waitForURL((url) => url.pathname.endsWith('/ADBE'));
    // The market screen lists every position too: its rows may still be on screen until the asset screen shows.
    await page.getByTestId('asset-price').waitFor();
    await page.getByTestId('position-row').waitFor();
    await expect.poll(available).toBe(start - firstCost);

    await page.getByRole('button', { name: 'Buy', exact: true }).click();
    await page.getByText('Amount required!').waitFor();
    // A cent more than the wallet holds is refused on the screen, before any order is sent.
    const orders: string[] = [];
    const noteOrder = (request: Request) => {
      if (request.method() === 'POST' && request.url().includes('/api/user/position/store')) orders.push(request.url());
    };
    page.on('request', noteOrder);
    await page.getByLabel('Amount ($)').fill(((start - firstCost + 1) / 100).toFixed(2));
    await page.getByRole('button', { name: 'Buy', exact: true }).click();
    await page.getByText('Insufficient balance for this amount.').waitFor();
    page.off('request', noteOrder);
    expect(orders).toEqual([]);
    await page.getByLabel('Amount ($)').fill('1000');
    await expect.poll(async () => page.getByTestId('ticket-quantity').textContent()).toMatch(/^\d+\.\d{8} ADBE$/);
    await page.getByRole('button', { name: 'Buy', exact: true }).click();
    await confirmTrade('buy');

    await expect.poll(async () => page.getByTestId('position-row').count()).toBe(2);
    await expect.poll(available).not.toBe(start - firstCost);
    nearAmount(start - firstCost - (await available()), 100_000);
    await page.getByTestId('trade-history').getByText('open').first().waitFor();
    await shot(page, 'asset-trading-desktop');
  });

  it('closes half, then all, and the balance and trade history follow', async () => {
    const held = await heldQuantity();
    const half = (Math.floor(Number(held) * 1e8) / 2e8).toFixed(8);
    const before = await available();

    await page.getByTestId('position-row').getByRole('button').first().click();
    await page.getByLabel('Quantity to close').fill(half);
    await page.getByRole('button', { name: 'Close position' }).click();
    await confirmTrade('sell');
    await page.getByText('Position closed.').waitFor();
    await expect.poll(heldQuantity).not.toBe(held);
    expect(Number(await heldQuantity())).toBeCloseTo(Number(held) - Number(half), 8);
    await expect.poll(available).not.toBe(before);

    const middle = await available();
    // The row stays expanded after a partial close.
    await page.getByRole('button', { name: 'All', exact: true }).click();
    await page.getByRole('button', { name: 'Close position' }).click();
    await confirmTrade('sell');
    await expect.poll(async () => page.getByTestId('position-row').count()).toBe(1);
    await page.getByTestId('position-row').getByRole('button').first().click();
    await page.getByRole('button', { name: 'All', exact: true }).click();
    await page.getByRole('button', { name: 'Close position' }).click();
    await confirmTrade('sell');
    await page.getByText('You have no open positions').waitFor();
    // The balance refreshes apart from the positions: wait for both closes to show in it, not just the first.
    await expect.poll(available).not.toBe(middle);
    await expect.poll(async () => Math.abs((await available()) - start)).toBeLessThan(10_000);
    await page.getByTestId('trade-history').getByText('closed').first().waitFor();
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('adds and removes the watchlist star, and the asset’s watchlist count follows at once', async () => {
    const watchlists = page.getByText(/^on \d+ watchlists?$/);
    const count = async () => Number(/\d+/.exec(await watchlists.innerText())?.[0]);
    const before = await count();
    await page.getByRole('button', { name: 'Add Adobe Inc. to your watchlist' }).click();
    await page.getByText('Added to your watchlist.').waitFor();
    const remove = page.getByRole('button', { name: 'Remove Adobe Inc. from your watchlist' });
    expect(await remove.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(count).toBe(before + 1);
    await remove.click();
    await page.getByText('Removed from your watchlist.').waitFor();
    await page.getByRole('button', { name: 'Add Adobe Inc. to your watchlist', pressed: false }).waitFor();
    await expect.poll(count).toBe(before);
  });

  it('offers every open position to sell, past the largest page the API answers (105 lots of one stock)', async () => {
    const token = await page.evaluate(() => sessionStorage.getItem('accessToken'));
    const [intel] = await stack.sql<{ id: number }>(`select id from assets where symbol = 'INTC'`);
    for (let lot = 0; lot < 105; lot += 1) {
      const bought = await fetch(`${stack.app.url}/api/user/position/store`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ asset_id: intel?.id, quantity: '0.01', wallet: 'brokerage' }),
      });
      expect(bought.status).toBe(201);
    }
    await page.goto(`${stack.app.url}/market`);
    const form = page.getByRole('region', { name: 'Trade' });
    await form.getByRole('radio', { name: 'sell' }).click();
    const intelLots = form.getByLabel('Position', { exact: true }).locator('option', { hasText: '(INTC)' });
    await expect.poll(async () => intelLots.count()).toBe(105);

    await page.goto(`${stack.app.url}/asset/Intel%20Corporation/INTC`);
    await expect.poll(async () => page.getByTestId('position-row').count()).toBe(105);
  });

  it('shows the four asset tabs on a 390×844 phone', async () => {
    const phone = await phoneWithSessionOf(browser, page, stack.app.url);
    await phone.goto(page.url());
    await phone.getByRole('tab', { name: 'market stats', selected: true }).waitFor();
    await phone.getByRole('tab', { name: 'trade' }).click();
    await phone.getByLabel('Amount ($)').waitFor();
    expect(await sidewaysOverflow(phone)).toBeLessThanOrEqual(0);
    await shot(phone, 'asset-trade-phone');
    await phone.getByLabel('Amount ($)').fill('250');
    await phone.getByRole('tab', { name: 'history' }).click();
    await phone.getByTestId('trade-history').waitFor();
    expect(await reachPastScreen(phone.getByTestId('trade-history'))).toBeLessThanOrEqual(0);
    // Back on the trade tab, the amount typed before is still there.
    await phone.getByRole('tab', { name: 'trade' }).click();
    expect(await phone.getByLabel('Amount ($)').inputValue()).toBe('250');
    await phone.close();
  });
});
