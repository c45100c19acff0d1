import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { catalogue } from '../../api/src/modules/market/catalogue.ts';
import { cataloguePayers } from '../../api/src/modules/dividends/schedule.ts';
import { phoneWithSessionOf, sidewaysOverflow } from './support/browser.ts';
import type { Stack } from './support/stack.ts';
import { browserJourney, shot } from './support/journey.ts';

let stack: Stack;
let browser: Browser;
let page: Page;
let problems: string[];

// The demo investor holds no Coca-Cola; dividends are paid only when the test runs the hook.
const koPath = `/asset/${encodeURIComponent('The Coca-Cola Company')}/KO`;

browserJourney('dividends', { env: { TEST_HOOKS: 'on' } }, (ready) => ({ stack, browser, page, problems } = ready));

type Event = { ex_date: string; pay_date: string; per_share: string; ex_date_passed: boolean };

/** KO's next dividend whose ex-date has not closed yet, so a buy made now is counted. */
async function nextCountedDividend(): Promise<Event> {
  const response = await fetch(`${stack.app.url}/api/assets/KO/dividends`);
  const { upcoming } = ((await response.json()) as { data: { upcoming: Event[] } }).data;
  const today = new Date().toISOString().slice(0, 10);
  const event = upcoming.find((candidate) => candidate.ex_date >= today);
  if (!event) throw new Error('KO has no dividend with an ex-date still to come');
  return event;
}

/**
 * A payer whose next dividend's ex-date has closed but which pays later: on any day one of the 33
 * payers almost surely is in that gap (each spends a quarter to a third of its time there).
 */
async function payerPastExDate(): Promise<{ path: string; event: Event }> {
  for (const payer of cataloguePayers) {
    const response = await fetch(`${stack.app.url}/api/assets/${payer.symbol}/dividends`);
    const event = ((await response.json()) as { data: { upcoming: Event[] } }).data.upcoming[0];
    const name = catalogue.find((entry) => entry.symbol === payer.symbol)?.name ?? payer.symbol;
    if (event?.ex_date_passed) return { path: `/asset/${encodeURIComponent(name)}/${payer.symbol}`, event };
  }
  throw new Error('no catalogue payer is between its ex-date and its pay date today');
}

/** Pays the dividends due a minute into `payDate`, as if the clock had moved there. */
async function payDividendsOn(payDate: string) {
  const response = await fetch(`${stack.app.url}/api/dev/dividends/run`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ at: `${payDate}T00:01:00.000Z` }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { paid: number } }).data.paid;
}

describe('dividends, on a desktop', () => {
  it('shows the stock’s dividends and buys it', async () => {
    await page.goto(`${stack.app.url}${koPath}`);
    const card = page.getByRole('region', { name: 'Dividends' });
    await card.getByText('Quarterly').waitFor();
    await card.getByTestId('dividend-yield').getByText('3.21%').waitFor();
    const event = await nextCountedDividend();
    const upcoming = card.getByRole('table', { name: 'Upcoming dividends' });
    expect(await upcoming.getByRole('row').count()).toBeGreaterThan(1);
    await card.getByRole('table', { name: 'Past year dividends' }).waitFor();
    expect(event.per_share).toMatch(/^\d+\.\d{4}$/);

    const ticket = page.getByRole('region', { name: /^Trade / });
    await ticket.getByLabel('Amount ($)').fill('1000');
    await ticket.getByRole('button', { name: 'Buy', exact: true }).click();
    await page.getByRole('dialog', { name: 'confirm buy' }).getByRole('button', { name: 'Confirm' }).click();
    const done = page.getByRole('dialog', { name: 'Position opened' });
    await done.getByText(/^You bought \d+\.\d{8} of KO for /).waitFor();
    await page.keyboard.press('Enter');
    await done.waitFor({ state: 'detached' });
    await shot(page, 'dividends-asset-desktop');
  });

  it('marks an upcoming dividend whose ex-date has passed with the day it pays', async () => {
    const { path, event } = await payerPastExDate();
    await page.goto(`${stack.app.url}${path}`);
    const upcoming = page.getByRole('region', { name: 'Dividends' }).getByRole('table', { name: 'Upcoming dividends' });
    const payDay = new Date(event.pay_date).toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    await upcoming.getByRole('row').nth(1).getByText(`Ex-date passed, pays on ${payDay}`).waitFor();
    expect(await upcoming.getByTestId('ex-date-passed').count()).toBe(1);
    await shot(page, 'dividends-ex-date-passed-desktop');
  });

  it('shows nothing of dividends for a coin', async () => {
    await page.goto(`${stack.app.url}/asset/Bitcoin/BTC`);
    await page.getByRole('region', { name: 'Market Stats' }).waitFor();
    expect(await page.getByRole('region', { name: 'Dividends' }).count()).toBe(0);
  });

  it('after the pay date, shows the credit in the history and as income on the portfolio', async () => {
    const event = await nextCountedDividend();
    expect(await payDividendsOn(event.pay_date)).toBeGreaterThan(0);
    await page.goto(`${stack.app.url}/history`);
    await page.getByRole('tab', { name: 'transaction history' }).click();
    await page.getByTestId('transaction-row').filter({ hasText: 'Dividend' }).first().waitFor();
    await shot(page, 'dividends-history-desktop');

    await page.goto(`${stack.app.url}/portfolio`);
    const income = page.getByRole('region', { name: 'Dividend income' });
    const latest = income.getByRole('list', { name: 'Latest dividends' });
    const ko = latest.getByRole('listitem').filter({ hasText: 'KO' });
    await ko.getByText('As cash').waitFor();
    const lastYear = income.getByTestId('dividends-last-12-months');
    await expect.poll(() => lastYear.textContent()).not.toBe('$0.00');
    // The hook dates the payment on its pay date, which may fall in the next calendar year: then
    // "This year" leaves it out and so falls short of the last 12 months, which hold it either way.
    const thisYear = await income.getByTestId('dividends-this-year').textContent();
    if (event.pay_date.slice(0, 4) === String(new Date().getUTCFullYear())) expect(thisYear).not.toBe('$0.00');
    else expect(thisYear).not.toBe(await lastYear.textContent());
    expect(await ko.textContent()).toMatch(/\$\d+\.\d{2}/);
    await shot(page, 'dividends-portfolio-desktop');
  });

  it('shows a refused save, then turns reinvestment on, and it stays on after a reload', async () => {
    const income = page.getByRole('region', { name: 'Dividend income' });
    const reinvest = income.getByRole('switch', { name: 'Reinvest dividends' });
    expect(await reinvest.getAttribute('aria-checked')).toBe('false');
    await page.route(
      '**/api/user/dividends/settings',
      (route) =>
        route.fulfill({
          status: 422,
          contentType: 'application/json',
          body: JSON.stringify({ status: 'error', message: 'Could not save the setting.', errors: {} }),
        }),
      { times: 1 },
    );
    await reinvest.click();
    await income.getByRole('alert').getByText('Could not save the setting.').waitFor();
    expect(await reinvest.getAttribute('aria-checked')).toBe('false');
    const sent = page.waitForRequest((request) => request.method() === 'PUT' && request.url().endsWith('/settings'));
    await reinvest.click();
    expect((await sent).headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    await page.getByText('Dividends will be reinvested.').waitFor();
    await expect.poll(() => reinvest.getAttribute('aria-checked')).toBe('true');
    await page.reload();
    await expect.poll(() => reinvest.getAttribute('aria-checked')).toBe('true');
    expect(problems).toEqual([]);
  });
});

describe('dividends, on a phone', () => {
  it('shows the dividends card and the income block on a 390×844 screen without sideways scrolling', async () => {
    const phone = await phoneWithSessionOf(browser, page, stack.app.url);
    await phone.goto(`${stack.app.url}${koPath}`);
    await phone.getByRole('region', { name: 'Dividends' }).getByRole('table', { name: 'Upcoming dividends' }).waitFor();
    expect(await sidewaysOverflow(phone)).toBe(0);
    await shot(phone, 'dividends-asset-phone');
    const passed = await payerPastExDate();
    await phone.goto(`${stack.app.url}${passed.path}`);
    await phone.getByTestId('ex-date-passed').getByText('Ex-date passed, pays on', { exact: false }).waitFor();
    expect(await sidewaysOverflow(phone)).toBe(0);
    await shot(phone, 'dividends-ex-date-passed-phone');
    await phone.goto(`${stack.app.url}/portfolio#holdings`);
    const income = phone.getByRole('region', { name: 'Dividend income' });
    await income.getByRole('list', { name: 'Latest dividends' }).getByText('KO').first().waitFor();
    await expect
      .poll(() => income.getByRole('switch', { name: 'Reinvest dividends' }).getAttribute('aria-checked'))
      .toBe('true');
    expect(await sidewaysOverflow(phone)).toBe(0);
    await shot(phone, 'dividends-portfolio-phone');
    await phone.close();
  });
});
