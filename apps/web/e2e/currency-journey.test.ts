import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { phoneWithSessionOf, sidewaysOverflow } from './support/browser.ts';
import { fundedInvestor } from './support/investor.ts';
import { browserJourney, shot, type Journey } from './support/journey.ts';
import { chooseOption } from './support/select.ts';
import { investorPage } from './support/sign-in-page.ts';

let journey: Journey;
browserJourney('currency', {}, (ready) => (journey = ready));

const open = async (path: string) => {
  await journey.page.goto(`${journey.stack.app.url}${path}`);
};
const picker = () => journey.page.getByRole('button', { name: /^Currency/ });
const amountOf = (text: string | null) => Number((text ?? '').replace(/[^0-9.-]/g, ''));

/** The demo investor's wallets and journal as the ledger keeps them. */
const demoLedger = () =>
  journey.stack.sql(`select a.kind::text, a.currency, a.balance::text, a.held::text,
      (select count(*)::int from journal_entries e where e.account_id = a.id) as entries
    from ledger_accounts a join users u on u.id = a.user_id where u.email = 'demo@example.com' order by a.id`);

async function rateOf(code: string): Promise<number> {
  const body = (await (await fetch(`${journey.stack.app.url}/api/fx-rates`)).json()) as {
    data: { rates: Record<string, string> };
  };
  return Number(body.data.rates[code]);
}

async function saveCurrency(page: Page, option: string) {
  await chooseOption(page, 'Currency', option);
  await page.getByRole('button', { name: 'Save Changes' }).click();
}

describe('the display currency in Chromium', () => {
  it('says which currency amounts are entered in before the choice, then changes after money has moved', async () => {
    const { page } = journey;
    const ledgerBefore = await demoLedger();
    expect(ledgerBefore.length).toBeGreaterThan(0);
    const [cash] = await journey.stack.sql<{ available: string }>(`select (balance - held)::text as available
      from ledger_accounts a join users u on u.id = a.user_id where u.email = 'demo@example.com' and a.kind = 'cash'`);

    await open('/currency');
    await expect.poll(() => picker().textContent()).toContain('US Dollar (USD)');
    expect(await page.getByTestId('settlement-currency').textContent()).toContain(
      'Your wallets are kept in US Dollar (USD): amounts you deposit, withdraw, transfer, save and trade are entered in USD.',
    );
    await saveCurrency(page, '€ Euro (EUR)');
    await page.getByText('Profile updated.').waitFor();
    expect(await page.getByText('fixed once money has moved').count()).toBe(0);
    await expect.poll(() => picker().textContent()).toContain('Euro (EUR)');
    await shot(page, 'currency-eur-desktop');

    await open('/cash');
    const balance = page.getByTestId('cash-balance');
    await expect.poll(() => balance.textContent()).toMatch(/^€[\d,]+\.\d\d$/);
    const shown = amountOf(await balance.textContent());
    const expected = Number(cash?.available) * (await rateOf('EUR'));
    // The rate moves with the market's ticks: within a fraction of a percent of the one read now.
    expect(Math.abs(shown - expected) / expected).toBeLessThan(0.005);
    expect(await page.getByTestId('settlement-note').textContent()).toContain(
      'Your wallets are kept in US Dollar (USD)',
    );
    const amount = page.getByLabel('Amount (USD)');
    expect(await amount.getAttribute('placeholder')).toBe('$0');
    await shot(page, 'cash-eur-desktop');

    await open('/portfolio');
    const netWorth = page.getByTestId('net-worth');
    await expect.poll(() => netWorth.textContent()).toMatch(/^€[\d,]+\.\d\d$/);
    const breakdown = (await page.getByTestId('wallet-breakdown').textContent()) ?? '';
    expect(breakdown).toContain('€');
    expect(breakdown).not.toContain('$');
    await shot(page, 'portfolio-eur-desktop');
    expect(await demoLedger()).toEqual(ledgerBefore);
  });

  it('shows the stored currency again when a save does not go through', async () => {
    const { page } = journey;
    await open('/currency');
    await expect.poll(() => picker().textContent()).toContain('Euro (EUR)');
    // The connection drops on the way: the save never reaches the server. (Going offline would only
    // pause the request until the browser is back online.)
    const profile = `${journey.stack.app.url}/api/user/profile`;
    await page.route(profile, (route) => route.abort('internetdisconnected'));
    try {
      await saveCurrency(page, '£ British Pound (GBP)');
      await page.getByText('Could not reach the server. Check your connection and try again.').waitFor();
      await expect.poll(() => picker().textContent()).toContain('Euro (EUR)');
    } finally {
      await page.unroute(profile);
    }
    const [stored] = await journey.stack.sql<{ code: string }>(`select c.code from users u
      join currencies c on c.id = u.display_currency_id where u.email = 'demo@example.com'`);
    expect(stored?.code).toBe('EUR');
  });

  it('writes Canadian amounts with one sign, C$, everywhere', async () => {
    const { page } = journey;
    await open('/currency');
    await saveCurrency(page, 'C$ Canadian Dollar (CAD)');
    await page.getByText('Profile updated.').waitFor();
    await open('/portfolio');
    await expect.poll(() => page.getByTestId('net-worth').textContent()).toMatch(/^C\$[\d,]+\.\d\d$/);
    await page.getByTestId('wallet-breakdown').waitFor();
    expect(await page.locator('main').textContent()).not.toContain('CA$');
  });

  it('fits the currency screen on a phone', async () => {
    const phone = await phoneWithSessionOf(journey.browser, journey.page, journey.stack.app.url);
    await phone.goto(`${journey.stack.app.url}/currency`);
    await phone.getByTestId('settlement-currency').waitFor();
    expect(await sidewaysOverflow(phone)).toBeLessThanOrEqual(0);
    await shot(phone, 'currency-phone');
    await phone.close();
  });

  it("shows the wallet's own currency in the deposit field of a euro account", async () => {
    const seen = new Set<string>();
    const investor = await fundedInvestor(journey.stack, '60000', seen, 'EUR');
    const { page } = await investorPage(journey.browser, journey.stack.app.url, {
      login: investor.email,
      password: investor.password,
    });
    await page.goto(`${journey.stack.app.url}/deposit`);
    const amount = page.getByLabel('Amount (EUR)');
    await amount.waitFor();
    expect(await amount.getAttribute('placeholder')).toBe('€0');
    await page.close();
  });
});
