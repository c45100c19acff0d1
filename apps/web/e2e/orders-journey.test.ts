import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { phoneWithSessionOf, sidewaysOverflow } from './support/browser.ts';
import type { Stack } from './support/stack.ts';
import { browserJourney, shot } from './support/journey.ts';

let stack: Stack;
let browser: Browser;
let page: Page;
let problems: string[];

const applePath = '/asset/Apple/AAPL';

// Prices move only when the test says so, through the simulated market's test hook.
browserJourney(
  'orders',
  { env: { MARKET_TICK_SECONDS: '3600', TEST_HOOKS: 'on' } },
  (ready) => ({ stack, browser, page, problems } = ready),
);

async function setPrice(price: string) {
  const response = await fetch(`${stack.app.url}/api/dev/market/price`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ symbol: 'AAPL', price }),
  });
  expect(response.status).toBe(200);
}

const available = async (target: Page) =>
  Number((await target.getByTestId('brokerage-available').first().textContent())?.replace(/[^0-9.]/g, ''));

/** Places a limit buy of `amount` dollars at `limit` on the asset screen's ticket, through the confirm flow. */
async function placeLimitBuy(target: Page, limit: string, amount: string) {
  const ticket = target.getByRole('region', { name: /^Trade / });
  await ticket.getByLabel('Order type').selectOption('limit');
  await ticket.getByLabel('Limit price (USD)').fill(limit);
  await ticket.getByLabel('Amount ($)').fill(amount);
  await ticket.getByRole('button', { name: 'Place buy order' }).click();
  const confirm = target.getByRole('dialog', { name: 'confirm buy' });
  await confirm.getByText('Limit', { exact: true }).waitFor();
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  const done = target.getByRole('dialog', { name: 'Order placed' });
  await done.getByText(/^Your limit order to buy \d+\.\d{8} of AAPL waits for its price\./).waitFor();
  await done.getByRole('button', { name: 'Continue' }).click();
  await done.waitFor({ state: 'detached' });
}

describe('orders that wait, on a desktop', () => {
  it('places a limit buy below the price: it shows in open orders with what it holds, and available drops', async () => {
    await setPrice('200');
    await page.goto(`${stack.app.url}${applePath}`);
    await page.getByTestId('brokerage-available').filter({ hasText: '$' }).waitFor();
    const before = await available(page);
    await placeLimitBuy(page, '190', '380');
    const open = page.getByTestId('open-orders');
    await open.getByText('Limit buy · AAPL').waitFor();
    await open.getByText('limit $190.00').waitFor();
    await open.getByText('$380.00').waitFor();
    await expect.poll(() => available(page)).toBeCloseTo(before - 380, 2);
    await placeLimitBuy(page, '150', '300');
    await expect.poll(() => open.getByText('Limit buy · AAPL').count()).toBe(2);
    await shot(page, 'orders-open-desktop');
  });

  it('fills when the price crosses its limit: the position appears and a notification says so', async () => {
    const positions = await page.getByTestId('position-row').count();
    await setPrice('189.5');
    await page.getByText('Your limit buy of 2.00000000 AAPL filled at $189.50.').waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByTestId('position-row').count()).toBe(positions + 1);
    await expect.poll(() => page.getByTestId('open-orders').getByText('Limit buy · AAPL').count()).toBe(1);
    await shot(page, 'orders-filled-desktop');
  });

  it('cancels the other order and releases its hold', async () => {
    const before = await available(page);
    await page.getByRole('button', { name: 'Cancel limit buy of AAPL' }).click();
    await page.getByText('Order cancelled. What it held is available again.').waitFor();
    await page.getByText('You have no orders').waitFor();
    await expect.poll(() => available(page)).toBeCloseTo(before + 300, 2);
  });

  it('lists the ended orders in /history with what became of them', async () => {
    await page.goto(`${stack.app.url}/history`);
    await page.getByRole('tab', { name: 'order history' }).click();
    const history = page.getByTestId('order-history');
    await history.getByText('Filled at $189.50 for $379.00').waitFor();
    await history.getByText('Cancelled by you').waitFor();
    await shot(page, 'orders-history-desktop');
    expect(problems).toEqual([]);
  });
});

describe('orders that wait, on a phone', () => {
  it('places, fills and cancels on a 390×844 screen without sideways scrolling', async () => {
    const phone = await phoneWithSessionOf(browser, page, stack.app.url);
    await setPrice('200');
    await phone.goto(`${stack.app.url}${applePath}`);
    await phone.getByRole('tab', { name: 'trade' }).click();
    await placeLimitBuy(phone, '195', '390');
    await placeLimitBuy(phone, '120', '240');
    await shot(phone, 'orders-ticket-phone');
    await phone.getByRole('tab', { name: 'positions' }).click();
    const open = phone.getByTestId('open-orders');
    await expect.poll(() => open.getByText('Limit buy · AAPL').count()).toBe(2);
    expect(await sidewaysOverflow(phone)).toBe(0);
    await shot(phone, 'orders-open-phone');
    await setPrice('194');
    await phone.getByText('Your limit buy of 2.00000000 AAPL filled at $194.00.').waitFor({ timeout: 15_000 });
    await phone.getByRole('button', { name: 'Cancel limit buy of AAPL' }).click();
    await phone.getByText('You have no orders').waitFor();
    expect(await sidewaysOverflow(phone)).toBe(0);
    await shot(phone, 'orders-after-phone');
    await phone.close();
  });
});
