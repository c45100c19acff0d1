import { formatMoney } from '@itrust/contracts/format';
import { ExactDecimal } from '@itrust/contracts/money';
import { splitRefusals } from '@itrust/contracts/splits';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { freshCode, operatorSession } from './support/authenticator.ts';
import { phoneWithSessionOf, sidewaysOverflow, watchPageProblems } from './support/browser.ts';
import { typeCode } from './support/code-boxes.ts';
import { browserJourney, drawnPoints, shot } from './support/journey.ts';
import { SignInPage } from './support/sign-in-page.ts';
import type { Journey } from './support/journey.ts';

let journey: Journey;
let operatorContext: BrowserContext;
let operator: Page;

// Splits apply only when the test says so, through the splits' test hook.
browserJourney(
  'split',
  { env: { TEST_HOOKS: 'on' }, viewport: { width: 1280, height: 800 } },
  (ready) => (journey = ready),
);

const intelPath = '/asset/Intel%20Corporation/INTC';
const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
const tomorrowShown = new Date(`${tomorrow}T00:00:00Z`).toLocaleDateString('en-US', {
  dateStyle: 'long',
  timeZone: 'UTC',
});

type Held = { quantity: string; price: string; cost: string; value: string; today_pl_percentage: string };

/** The investor's Intel holding as the server holds it, read with the page's own session. */
async function intelHolding(target: Page): Promise<Held> {
  const token = await target.evaluate(() => sessionStorage.getItem('accessToken'));
  const response = await fetch(
    `${journey.stack.app.url}/api/user/position?filter[symbol]=INTC&filter[wallet]=brokerage`,
    {
      headers: { authorization: `Bearer ${token}` },
    },
  );
  const positions = ((await response.json()) as { data: { positions: { data: Held[] } } }).data.positions.data;
  expect(positions).toHaveLength(1);
  return positions[0] as Held;
}

/** Applies the splits due a minute into `day`, as if the clock had moved there. */
async function runSplitsOn(day: string) {
  const response = await fetch(`${journey.stack.app.url}/api/dev/splits/run`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ at: `${day}T00:01:00Z` }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { applied: number } }).data.applied;
}

let before: Held;

describe('a 3-for-1 split, on a desktop', () => {
  it('the investor buys Intel from the asset screen', async () => {
    const { page, stack } = journey;
    await page.goto(`${stack.app.url}${intelPath}`);
    const ticket = page.getByRole('region', { name: /^Trade / });
    await ticket.getByLabel('Amount ($)').fill('1000');
    await ticket.getByRole('button', { name: 'Buy', exact: true }).click();
    await page.getByRole('dialog', { name: 'confirm buy' }).getByRole('button', { name: 'Confirm' }).click();
    const done = page.getByRole('dialog', { name: 'Position opened' });
    await done.getByText(/^You bought .* of INTC/).waitFor();
    await done.getByRole('button', { name: 'Continue' }).click();
    await page.getByTestId('position-row').waitFor();
    before = await intelHolding(page);
  });

  it('an operator schedules the split in the console, after a refused ratio', async () => {
    const { browser, stack } = journey;
    const { secret } = await operatorSession(stack, new Set());
    operatorContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    operator = await operatorContext.newPage();
    journey.problems.push(...watchPageProblems(operator));
    await new SignInPage(operator).open(stack.app.url);
    await new SignInPage(operator).signIn('ops@example.com', stack.operatorPassword);
    await operator.waitForURL((url) => url.pathname === '/otp');
    await typeCode(operator, await freshCode(secret));
    await operator.getByRole('button', { name: 'Sign in' }).click();
    await operator.waitForURL((url) => url.pathname === '/admin');
    await operator.getByRole('tab', { name: 'Splits' }).click();
    await operator.getByText('No splits scheduled or applied yet.').waitFor();
    const form = operator.getByRole('form', { name: 'Schedule a split' });
    await form.getByText('3-for-1 splits, 1-for-10 is a reverse split', { exact: false }).waitFor();
    await form.getByLabel('Stock symbol').fill('intc');
    await form.getByLabel('New shares').fill('1');
    await form.getByLabel('Effective date').fill(tomorrow);
    await form.getByRole('button', { name: 'Schedule split' }).click();
    await form.getByText(splitRefusals.sameRatio).waitFor();
    await form.getByLabel('New shares').fill('3');
    await form.getByRole('button', { name: 'Schedule split' }).click();
    await form.getByText('Split scheduled.').waitFor();
    const list = operator.getByRole('list', { name: 'Splits' });
    await list.getByText('INTC 3-for-1').waitFor();
    await list.getByText(`Effective ${tomorrow} · Scheduled`).waitFor();
    expect(await sidewaysOverflow(operator)).toBe(0);
    await shot(operator, 'split-console-desktop');
  });

  it("the investor's asset screen notes the upcoming split", async () => {
    const { page } = journey;
    await page.reload();
    const note = page.getByRole('note');
    await note.getByText(`INTC splits 3-for-1 on ${tomorrowShown}.`, { exact: false }).waitFor();
    await shot(page, 'split-note-desktop');
    const phone = await phoneWithSessionOf(journey.browser, page, journey.stack.app.url);
    await phone.goto(`${journey.stack.app.url}${intelPath}`);
    await phone.getByRole('note').getByText(`INTC splits 3-for-1 on ${tomorrowShown}.`, { exact: false }).waitFor();
    expect(await sidewaysOverflow(phone)).toBe(0);
    await shot(phone, 'split-note-phone');
    // The portfolio says it on the position the split will touch, from one request for all of them.
    const heldSplits: string[] = [];
    phone.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('/splits')) heldSplits.push(new URL(request.url()).pathname);
    });
    await phone.goto(`${journey.stack.app.url}/portfolio#position`);
    await phone
      .getByTestId('open-positions')
      .getByRole('note')
      .getByText(`INTC splits 3-for-1 on ${tomorrowShown}.`, { exact: false })
      .waitFor();
    expect(heldSplits).toEqual(['/api/user/splits']);
    expect(await sidewaysOverflow(phone)).toBe(0);
    await shot(phone, 'split-upcoming-portfolio-phone');
    await phone.close();
    await page.goto(`${journey.stack.app.url}/portfolio`);
    const positions = page.getByTestId('open-positions');
    await positions.getByRole('note').getByText(`INTC splits 3-for-1 on ${tomorrowShown}.`, { exact: false }).waitFor();
    expect(await positions.getByRole('note').count()).toBe(1);
    await shot(page, 'split-upcoming-portfolio-desktop');
  });

  it('on the day, the holding has three times the shares at a third of the price, for the same cost', async () => {
    const { page, stack } = journey;
    expect(await runSplitsOn(tomorrow)).toBe(1);
    // The hook is idempotent: a second run on the same day finds nothing left to apply.
    expect(await runSplitsOn(tomorrow)).toBe(0);
    const after = await intelHolding(page);
    expect(new ExactDecimal(after.quantity).eq(new ExactDecimal(before.quantity).times(3))).toBe(true);
    expect(new ExactDecimal(after.price).minus(new ExactDecimal(before.price).dividedBy(3)).abs().lt('1e-9')).toBe(
      true,
    );
    expect(after.cost).toBe(before.cost);
    // The price ticks on between the two reads, so the value stays near where it was rather than exact.
    expect(Number(after.value) / Number(before.value)).toBeCloseTo(1, 1);
    // Today's move counts each buy's shares as the split multiplied them, not as they were bought.
    expect(Math.abs(Number(after.today_pl_percentage))).toBeLessThan(10);

    await page.goto(`${stack.app.url}${intelPath}`);
    await page.getByRole('note').getByText(`INTC split 3-for-1 on ${tomorrowShown}.`, { exact: false }).waitFor();
    const row = page.getByTestId('position-row');
    await expect.poll(() => row.getByTestId('position-quantity').textContent()).toBe(after.quantity);
    await row.getByRole('button').first().click();
    const shownPrice = row.locator('dl > div', { has: page.getByText('Average price', { exact: true }) }).locator('dd');
    expect(await shownPrice.textContent()).toBe(formatMoney(after.price));
    const shownCost = row.locator('dl > div', { has: page.getByText('Cost', { exact: true }) }).locator('dd');
    expect(await shownCost.textContent()).toBe(formatMoney(before.cost));
    const chart = page.getByTestId('price-chart');
    await expect
      .poll(async () => Number(await chart.getAttribute('data-points')), { timeout: 10_000 })
      .toBeGreaterThan(1);
    await expect.poll(() => drawnPoints(chart)).toBe(Number(await chart.getAttribute('data-points')));
    await shot(page, 'split-holding-desktop');

    await page.goto(`${stack.app.url}/portfolio`);
    const holding = page.getByTestId('open-positions').locator('tbody tr', { hasText: 'INTC' });
    await holding.getByText(Number(after.quantity).toLocaleString('en-US', { maximumFractionDigits: 8 })).waitFor();
    await page
      .getByTestId('open-positions')
      .getByRole('note')
      .getByText(`INTC split 3-for-1 on ${tomorrowShown}.`, { exact: false })
      .waitFor();
    await shot(page, 'split-portfolio-desktop');

    await operator.reload();
    await operator.getByRole('tab', { name: 'Splits' }).click();
    await operator
      .getByRole('list', { name: 'Splits' })
      .getByText(/^Effective .* · Applied/)
      .waitFor();
    expect(journey.problems).toEqual([]);
  });
});

describe('the split, on a 390×844 phone', () => {
  it('shows the console tab, the note and the adjusted holding without sideways scrolling', async () => {
    const { browser, page, stack } = journey;
    const console = await phoneWithSessionOf(browser, operator, stack.app.url);
    await console.goto(`${stack.app.url}/admin`);
    await console.getByRole('tab', { name: 'Splits' }).click();
    await console.getByRole('list', { name: 'Splits' }).getByText('INTC 3-for-1').waitFor();
    expect(await sidewaysOverflow(console)).toBe(0);
    await shot(console, 'split-console-phone');
    await console.close();

    const phone = await phoneWithSessionOf(browser, page, stack.app.url);
    await phone.goto(`${stack.app.url}${intelPath}`);
    await phone.getByRole('note').getByText('INTC split 3-for-1', { exact: false }).waitFor();
    await phone.getByRole('tab', { name: 'positions' }).click();
    const after = await intelHolding(phone);
    await expect.poll(() => phone.getByTestId('position-quantity').textContent()).toBe(after.quantity);
    expect(await sidewaysOverflow(phone)).toBe(0);
    await shot(phone, 'split-holding-phone');
    await phone.goto(`${stack.app.url}/portfolio`);
    await phone.getByRole('tab', { name: 'position', exact: true }).click();
    const shownQuantity = Number(after.quantity).toLocaleString('en-US', { maximumFractionDigits: 8 });
    await phone.getByTestId('open-positions').getByText(shownQuantity).waitFor();
    await phone
      .getByTestId('open-positions')
      .getByRole('note')
      .getByText('INTC split 3-for-1', { exact: false })
      .waitFor();
    expect(await sidewaysOverflow(phone)).toBe(0);
    await shot(phone, 'split-portfolio-phone');
    await phone.close();
    await operatorContext.close();
  });
});
