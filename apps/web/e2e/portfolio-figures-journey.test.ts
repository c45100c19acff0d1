import { randomBytes } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sidewaysOverflow } from './support/browser.ts';
import { browserJourney, shot } from './support/journey.ts';
import { codeFromOutbox } from './support/outbox.ts';
import { investorPage } from './support/sign-in-page.ts';
import type { Stack } from './support/stack.ts';

/** Issue 41: the same cash on /cash and /portfolio, and a sensible scale on an empty net-worth chart. */
let stack: Stack;
let browser: Browser;
let page: Page;

browserJourney(
  'portfolio-figures',
  // Prices tick every second (5 by default): the chart tests wait for the market to move between checks.
  { env: { MARKET_TICK_SECONDS: '1' }, viewport: { width: 1280, height: 800 } },
  (ready) => ({ stack, browser, page } = ready),
);

/** The market's last price tick. */
const tick = async () =>
  (await stack.sql<{ tick: number }>('select max(tick_sequence)::int as tick from asset_quotes'))[0]?.tick ?? 0;
/** The end of the net-worth chart, as its text summary says it. */
const chartEnd = async () =>
  /to (\$[\d,]+\.\d\d)/.exec((await page.getByText(/^Over .* your net worth went from/).textContent()) ?? '')?.[1];

/** The labels of a chart's price scale (the time scale's never start with the currency sign). */
const scaleLabels = async (chart: Locator) =>
  (await chart.locator('svg text').allTextContents()).filter((text) => text.startsWith('$'));

/** A new investor with no money yet, signed up and verified through the API as the browser would. */
async function emptyInvestor(): Promise<{ login: string; password: string }> {
  const suffix = randomBytes(4).toString('hex');
  const email = `empty.${suffix}@example.com`;
  const password = `empty passphrase ${suffix}`;
  const [place] = await stack.sql<Record<string, number>>(`
    select c.id as country_id, s.id as state_id, ci.id as city,
      (select id from nationalities where name = 'British') as nationality,
      (select id from currencies where code = 'USD') as currency_id
    from countries c join states s on s.country_id = c.id join cities ci on ci.state_id = s.id
    where c.iso_code = 'GB' and s.iso_code = 'ENG' and ci.name = 'London'`);
  const post = async (path: string, body: unknown, token?: string) => {
    const response = await fetch(`${stack.app.url}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    expect(response.status, path).toBeLessThan(300);
    return (await response.json()) as { data: { token: string } };
  };
  const registered = await post('/user/register', {
    first_name: 'Emma',
    last_name: 'Empty',
    email,
    username: `empty_${suffix}`,
    password,
    password_confirmation: password,
    phone: '+44 20 7946 0102',
    address: '3 Empty Lane',
    zipcode: 'EC1A 1BB',
    date_of_birth: '1990-05-04',
    experience: 'beginner',
    employed: 'employed',
    family: 'no',
    referral: '',
    terms: true,
    ...place,
  });
  const code = await codeFromOutbox(stack.dataDir, email, 'email verification code', new Set());
  await post('/user/email/verify', { code }, registered.data.token);
  return { login: email, password };
}

describe('portfolio figures in Chromium', () => {
  it('shows the cash /cash shows, and what pending withdrawals reserve, in the wallet breakdown', async () => {
    await page.goto(`${stack.app.url}/cash`);
    const balance = page.getByTestId('cash-balance');
    await expect.poll(() => balance.textContent()).toMatch(/^\$[\d,]+\.\d\d$/);
    const available = await balance.textContent();
    const reserved = page.getByText(/reserved for pending withdrawals$/);
    const reservedText = await reserved.first().textContent();
    // The demo investor's pending withdrawal of 5,000.
    expect(reservedText).toBe('$5,000.00 reserved for pending withdrawals');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Portfolio' }).click();
    const cashRow = page.getByTestId('wallet-breakdown').locator('li').filter({ hasText: 'Cash' });
    await expect.poll(() => cashRow.locator('span.font-semibold').textContent()).toBe(available);
    expect(await page.getByTestId('cash-reserved').textContent()).toBe(reservedText);
    await shot(page, 'portfolio-figures-desktop');
  });

  it('ends every range of the net-worth chart at the net worth of the breakdown, however the market moved', async () => {
    const chart = page.getByTestId('net-worth-chart');
    const netWorth = page.getByTestId('net-worth');
    for (const range of ['30d', '1yr', 'all', '1d']) {
      // Prices move between one range and the next.
      const before = await tick();
      await expect.poll(tick, { timeout: 15_000 }).toBeGreaterThan(before);
      await page.getByRole('group', { name: 'Chart range' }).getByRole('button', { name: range, exact: true }).click();
      await expect.poll(() => chart.getAttribute('data-range')).toBe(range);
      const ends = async () => {
        const [end, worth] = [await chartEnd(), await netWorth.textContent()];
        return end === worth ? 'the same' : `${range} ends at ${end}, the net worth is ${worth}`;
      };
      await expect.poll(ends).toBe('the same');
    }
  });

  it('ends the chart at the net worth shown when a price tick lands between their two answers', async () => {
    // The wallets' response is held back until the market has ticked again: the chart is read at older prices.
    const wallets = (url: URL) => url.pathname === '/api/user' && url.searchParams.get('include') === 'wallet';
    await page.route(wallets, async (route) => {
      const before = await tick();
      await expect.poll(tick, { timeout: 15_000 }).toBeGreaterThan(before);
      await route.continue();
    });
    await page.reload();
    await page.getByTestId('net-worth').waitFor();
    await page.unroute(wallets);
    await expect
      .poll(async () => [await chartEnd(), await page.getByTestId('net-worth').textContent()])
      .toSatisfy(([end, worth]) => end === worth);
  });

  it('marks only $0.00 on the net-worth chart of an investor with no money, on desktop and phone', async () => {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      const { page: empty } = await investorPage(browser, stack.app.url, await emptyInvestor(), viewport);
      const chart = empty.getByTestId('net-worth-chart');
      await chart.locator('path.chart-line').waitFor({ state: 'attached' });
      await expect.poll(() => scaleLabels(chart)).toEqual(['$0.00']);
      expect(await sidewaysOverflow(empty)).toBe(0);
      await shot(empty, `portfolio-empty-chart-${viewport.width}`);
      await empty.close();
    }
  });
});
