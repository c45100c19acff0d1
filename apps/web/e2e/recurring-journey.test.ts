import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { phoneWithSessionOf, sidewaysOverflow } from './support/browser.ts';
import type { Stack } from './support/stack.ts';
import { browserJourney, shot } from './support/journey.ts';

let stack: Stack;
let browser: Browser;
let page: Page;
let problems: string[];

// Plans run only when the test says so, through the scheduler's test hook.
browserJourney('recurring', { env: { TEST_HOOKS: 'on' } }, (ready) => ({ stack, browser, page, problems } = ready));

type Plan = { id: string; next_run_at: string | null; asset: { symbol: string } | null };

/** The signed-in user's plans, read with the page's own session. */
const plansOf = (target: Page) =>
  target.evaluate(async () => {
    const response = await fetch('/api/user/schedules', {
      headers: { authorization: `Bearer ${sessionStorage.getItem('accessToken') ?? ''}` },
    });
    return ((await response.json()) as { data: { schedules: Plan[] } }).data.schedules;
  });

/** Runs the plans due a minute after `at`, as if the clock had moved there. */
async function runPlansAt(at: string) {
  const response = await fetch(`${stack.app.url}/api/dev/schedules/run`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ at: new Date(new Date(at).getTime() + 60_000).toISOString() }),
  });
  expect(response.status).toBe(200);
}

describe('recurring plans, on a desktop', () => {
  it('starts a weekly buy from the asset screen and shows its next run', async () => {
    await page.goto(`${stack.app.url}/asset/Apple/AAPL`);
    const card = page.getByRole('region', { name: 'Buy regularly' });
    await card.getByLabel('Amount (USD)').fill('0');
    await card.getByRole('button', { name: 'Start recurring buy' }).click();
    await card.getByText('The amount must be greater than 0.').waitFor();
    await card.getByLabel('Amount (USD)').fill('100');
    await card.getByLabel('How often').selectOption('weekly');
    await card.getByRole('button', { name: 'Start recurring buy' }).click();
    await card.getByText(/^Recurring buy started\. First run: /).waitFor();
    await shot(page, 'recurring-asset-desktop');
    await page.getByRole('link', { name: 'Your recurring plans' }).click();
    const plans = page.getByRole('region', { name: 'Your plans' });
    await plans.getByRole('heading', { name: 'Buy AAPL' }).waitFor();
    await plans.getByText(/^Next run: /).waitFor();
  });

  it('after a run, shows the run, the new position and the trade in the history', async () => {
    const [plan] = await plansOf(page);
    await runPlansAt(plan?.next_run_at ?? '');
    await page.reload();
    const plans = page.getByRole('region', { name: 'Your plans' });
    await plans.getByRole('list', { name: 'Latest runs of Buy AAPL' }).getByText('Ran').waitFor();
    await shot(page, 'recurring-list-desktop');
    await page.goto(`${stack.app.url}/history`);
    await page.getByText('AAPL').first().waitFor();
  });

  it('pauses, resumes, schedules a transfer and deletes a plan', async () => {
    await page.goto(`${stack.app.url}/recurring`);
    const plans = page.getByRole('region', { name: 'Your plans' });
    await plans.getByRole('button', { name: 'Pause' }).click();
    await plans.getByText('Paused', { exact: true }).waitFor();
    await plans.getByRole('button', { name: 'Resume' }).click();
    await plans.getByText(/^Next run: /).waitFor();
    const transfer = page.getByRole('region', { name: 'Schedule a transfer' });
    await transfer.getByLabel('Amount (USD)').fill('25');
    await transfer.getByRole('button', { name: 'Schedule transfer' }).click();
    await transfer.getByText(/^Transfer scheduled\. First run: /).waitFor();
    await plans.getByRole('heading', { name: 'Transfer Cash → Automated investing' }).waitFor();
    await shot(page, 'recurring-transfer-desktop');
    await plans.getByRole('button', { name: 'Delete' }).first().click();
    await plans.getByRole('button', { name: 'Confirm delete' }).click();
    await expect.poll(() => plans.getByRole('heading', { level: 3 }).count()).toBe(1);
    expect(problems).toEqual([]);
  });
});

describe('recurring plans, on a phone', () => {
  it('lists and starts plans on a 390×844 screen without sideways scrolling', async () => {
    const phone = await phoneWithSessionOf(browser, page, stack.app.url);
    await phone.goto(`${stack.app.url}/asset/Apple/AAPL`);
    await phone.getByRole('tab', { name: 'trade' }).click();
    const card = phone.getByRole('region', { name: 'Buy regularly' });
    await card.getByLabel('Amount (USD)').fill('20');
    await card.getByRole('button', { name: 'Start recurring buy' }).click();
    await card.getByText(/^Recurring buy started\. First run: /).waitFor();
    expect(await sidewaysOverflow(phone)).toBe(0);
    await shot(phone, 'recurring-asset-phone');
    await phone.goto(`${stack.app.url}/recurring`);
    await phone
      .getByRole('region', { name: 'Your plans' })
      .getByRole('heading', { name: 'Buy AAPL' })
      .first()
      .waitFor();
    expect(await sidewaysOverflow(phone)).toBe(0);
    await shot(phone, 'recurring-list-phone');
    await phone.close();
  });
});
