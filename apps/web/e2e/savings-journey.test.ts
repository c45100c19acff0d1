import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { phoneWithSessionOf, sidewaysOverflow } from './support/browser.ts';
import { fundedInvestor } from './support/investor.ts';
import { demoInvestorPage, investorPage } from './support/sign-in-page.ts';
import type { Stack } from './support/stack.ts';
import { browserJourney, shot } from './support/journey.ts';

let stack: Stack;
let browser: Browser;
let page: Page;
let problems: string[];

const cashBalance = async () => {
  await page.goto(`${stack.app.url}/cash`);
  await expect.poll(() => page.getByTestId('cash-balance').textContent()).not.toBe('…');
  return page.getByTestId('cash-balance').textContent();
};
const rothCard = () => page.getByTestId('savings-card').filter({ hasText: 'ROTH IRA' });

browserJourney(
  'savings',
  {
    // The demo investor already has a ROTH IRA: this journey is a new saver's first one.
    signIn: async (chromium, started) => {
      const saver = await fundedInvestor(started, '60000', new Set());
      return investorPage(chromium, started.app.url, { login: saver.email, password: saver.password });
    },
  },
  (ready) => ({ stack, browser, page, problems } = ready),
);

describe('savings in Chromium', () => {
  it('opens a ROTH IRA from /openaccount, narrowed by the two questions', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Savings' }).click();
    await page.getByText('You have no accounts').waitFor();
    await page.getByText('You have no savings').waitFor();
    await page.getByRole('link', { name: 'open account' }).click();
    await page.waitForURL((url) => url.pathname === '/openaccount');

    await page.getByLabel('What are you saving for?').selectOption('Save for Medical Expense');
    // The HSA is offered in the United States only; this saver lives in London.
    await page.getByText('No accounts available based on your selection.').waitFor();
    await page.getByLabel('What are you saving for?').selectOption('Save for Retirement');
    await page.getByLabel('When might you need the money?').selectOption('At retirement');
    await expect
      .poll(async () => (await page.getByTestId('offering-card').getByRole('heading').allTextContents()).sort())
      .toEqual(['ROTH IRA', 'Rollover IRA', 'SEP IRA', 'Traditional IRA']);
    const roth = page.getByTestId('offering-card').filter({ has: page.getByRole('heading', { name: 'ROTH IRA' }) });
    await roth.getByText('Up to $7,000.00 in contributions a year.').waitFor();
    await shot(page, 'open-account-desktop');

    await page.getByRole('button', { name: 'create account for ROTH IRA' }).click();
    await page.getByText('Your ROTH IRA account is open.').waitFor();
    await page.waitForURL((url) => url.pathname === '/savings', { timeout: 10_000 });
    await expect.poll(() => rothCard().getByTestId('savings-balance').textContent()).toBe('$0.00');
  });

  it('contributes: the cash balance falls and the savings card rises', async () => {
    await rothCard().getByRole('link', { name: 'contribute to ROTH IRA' }).click();
    await page.waitForURL((url) => url.pathname === '/contribute/ROTH%20IRA');
    await page.getByRole('button', { name: 'Contribute', exact: true }).click();
    await page.getByText('Amount required!').waitFor();
    // The limits the server enforces are checked before the confirmation, in the account's currency.
    await page.getByText('Between $1,000.00 and $1,000,000.00.').waitFor();
    await page.getByLabel('Amount').fill('999');
    await page.getByRole('button', { name: 'Contribute', exact: true }).click();
    await page.getByText('A contribution must be between $1,000.00 and $1,000,000.00.').waitFor();
    await page.getByLabel('Amount').fill('7,000.01');
    await page.getByRole('button', { name: 'Contribute', exact: true }).click();
    await page
      .getByText(/^That is over this account's yearly limit: \$7,000\.00 of room is left for \d{4}\.$/)
      .waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.getByLabel('Amount').fill('5000');
    await page.getByRole('button', { name: 'Contribute', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'confirm contribution' });
    await confirm.getByText('$5,000.00').waitFor();
    await confirm.getByText('ROTH IRA').waitFor();
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('dialog', { name: 'Contribution received' }).getByText('Contribution received.').waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.pathname === '/savings');
    await expect.poll(() => rothCard().getByTestId('savings-balance').textContent()).toBe('$5,000.00');
    expect(await rothCard().getByTestId('contribution-room').textContent()).toBe('$2,000.00');
    expect(await cashBalance()).toBe('$55,000.00');
  });

  it('cashes out part and shows both history rows', async () => {
    await page.goto(`${stack.app.url}/savings`);
    await rothCard().getByRole('link', { name: 'cash out from ROTH IRA' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/cashout/ROTH%20IRA/'));
    await page.getByText('Between $1,000.00 and $1,000,000.00, or the whole balance.').waitFor();
    await page.getByLabel('Amount').fill('5000.01');
    await page.getByRole('button', { name: 'Cash out', exact: true }).click();
    await page.getByText('You cannot cash out more than the account holds.').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.getByLabel('Amount').fill('1500');
    await page.getByRole('button', { name: 'Cash out', exact: true }).click();
    await page.getByRole('dialog', { name: 'confirm cash-out' }).getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Cash-out completed.').waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => rothCard().getByTestId('savings-balance').textContent()).toBe('$3,500.00');
    await expect
      .poll(() => page.getByTestId('savings-row').allTextContents())
      .toEqual([
        expect.stringMatching(/^Cash-out · ROTH IRA.*−\$1,500\.00$/),
        expect.stringMatching(/^Contribution · ROTH IRA.*\+\$5,000\.00$/),
      ]);
    await shot(page, 'savings-desktop');
    expect(await cashBalance()).toBe('$56,500.00');
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('works on a 390×844 phone', async () => {
    const phone = await phoneWithSessionOf(browser, page, stack.app.url);
    await phone.goto(`${stack.app.url}/savings`);
    await phone.getByTestId('savings-card').waitFor();
    expect(await sidewaysOverflow(phone)).toBeLessThanOrEqual(0);
    await shot(phone, 'savings-phone');
    await phone.goto(`${stack.app.url}/openaccount`);
    await phone.getByTestId('offering-card').first().waitFor();
    expect(await sidewaysOverflow(phone)).toBeLessThanOrEqual(0);
    await shot(phone, 'open-account-phone');
    await phone.close();
  });

  it("shows the demo investor's ROTH IRA with the interest it has earned", async () => {
    const demo = await demoInvestorPage(browser, stack.app.url, stack.demoPassword);
    await demo.page.goto(`${stack.app.url}/savings`);
    const card = demo.page.getByTestId('savings-card').filter({ hasText: 'ROTH IRA' });
    await card.waitFor();
    expect(await card.textContent()).toMatch(/Interest earned\+\$\d+\.\d\d/);
    // The history rows come with their own request, after the cards.
    await expect.poll(() => demo.page.getByTestId('savings-row').count()).toBe(2);
    await demo.page.close();
  });
});
