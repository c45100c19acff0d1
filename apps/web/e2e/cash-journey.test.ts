import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { phoneWithSessionOf, sidewaysOverflow } from './support/browser.ts';
import { cents } from './support/money.ts';
import type { RunningApp } from './support/server.ts';
import type { Stack } from './support/stack.ts';
import { browserJourney, shot } from './support/journey.ts';
import { confirmItIsYou } from './support/step-up.ts';

let stack: Stack;
let browser: Browser;
let app: RunningApp;
let page: Page;
let problems: string[];

const cashBalance = () => page.getByTestId('cash-balance').textContent();
const rows = () => page.getByTestId('transaction-row').allTextContents();
const tab = (name: string) => page.getByRole('tab', { name }).click();

browserJourney('cash', { viewport: { width: 1366, height: 1000 } }, (ready) => {
  ({ stack, browser, page, problems } = ready);
  app = stack.app;
});

describe('the cash wallet in Chromium', () => {
  it("shows the demo investor's balance and history", async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Cash' }).click();
    await page.getByRole('heading', { name: 'Cash', level: 1 }).waitFor();
    await expect.poll(cashBalance).toBe('$89,500.00');
    await page.getByTestId('transaction-row').nth(3).waitFor();
    const history = await rows();
    expect(history.some((row) => row.startsWith('Deposit$120,000.00') && row.includes('Completed'))).toBe(true);
    expect(history.some((row) => row.startsWith('Deposit$2,500.00') && row.includes('Pending'))).toBe(true);
    expect(history.some((row) => row.startsWith('Transfer$20,000.00') && row.includes('Completed'))).toBe(true);
    expect(history.some((row) => row.startsWith('Payout$5,000.00') && row.includes('Pending'))).toBe(true);
    await shot(page, 'cash-desktop');
  });

  it('deposits by crypto: QR code, confirm, success dialog, then a pending row it cancels', async () => {
    await tab('deposit');
    await page.getByLabel('Amount').fill('1500');
    const qr = page.getByTestId('deposit-qr').locator('svg');
    await qr.waitFor();
    expect(await qr.getAttribute('height')).toBe('180');
    await page.getByText(/That is about 0\.0\d+ BTC/).waitFor();
    await page.getByRole('button', { name: 'I have made payment' }).click();
    const confirm = page.getByRole('dialog', { name: 'confirm deposit request' });
    await confirm.getByText('BITCOIN').waitFor();
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Thank you for investing with us.').waitFor();
    await page.getByText(/Quote the reference ITR-[A-Z2-9]{8}/).waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect.poll(async () => (await rows())[0]).toMatch(/^Deposit\$1,500\.00.*Pending/);
    await page.getByRole('button', { name: 'Actions for this deposit' }).first().click();
    await page.getByRole('menuitem', { name: 'cancel' }).click();
    await page.getByText('Transaction cancelled').waitFor();
    await expect.poll(async () => (await rows())[0]).toMatch(/^Deposit\$1,500\.00.*Cancelled/);
    // The row's menu button is gone: the focus stays in the history, on its heading, not on the page's body.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('transaction history');
  });

  it('transfers cash to brokerage and both balances change', async () => {
    await tab('transfer');
    const brokerage = page.getByTestId('transfer-available-brokerage');
    await expect.poll(async () => cents(await brokerage.textContent())).toBeGreaterThan(0);
    const before = cents(await brokerage.textContent());
    // A decimal comma is refused, not read as a thousands separator (which would move 1,000.00).
    await page.getByLabel('Amount').fill('10,00');
    await page.getByRole('button', { name: 'Transfer', exact: true }).click();
    await page.getByText('Invalid amount!').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.getByLabel('Amount').fill('');
    await page.getByRole('button', { name: 'Transfer', exact: true }).click();
    await page.getByText('Invalid amount!').waitFor();
    // More than the cash wallet has available is refused before the confirmation.
    await page.getByLabel('Amount').fill('999,999,999.00');
    await page.getByRole('button', { name: 'Transfer', exact: true }).click();
    await page.getByText('Insufficient balance for this amount.').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.getByLabel('Amount').fill('1000');
    // Narrowing the window below the desktop width and back, as turning a tablet does, keeps what was typed.
    const size = page.viewportSize()!;
    await page.setViewportSize({ width: 800, height: size.height });
    await page.getByLabel('Amount').waitFor({ state: 'hidden' });
    await page.setViewportSize(size);
    expect(await page.getByLabel('Amount').inputValue()).toBe('1000');
    await page.getByRole('button', { name: 'Transfer', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'confirm transfer request' })
      .getByRole('button', { name: 'Confirm' })
      .click();
    await page.getByText('Transfer completed.').waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(cashBalance).toBe('$88,500.00');
    await tab('transfer');
    await expect.poll(async () => cents(await brokerage.textContent())).toBe(before + 100_000);
  });

  it('adds a bank account and requests a withdrawal', async () => {
    await tab('withdraw');
    await page.getByTestId('payment-method-card').waitFor();
    await page.getByRole('button', { name: 'Edit details' }).click();
    await page.getByLabel('Account Number').fill('55779911');
    await page.getByLabel('Account Name').fill('Demo Investor');
    await page.getByLabel('Bank Name').fill('Second Example Bank');
    await page.getByLabel('Bank Code/Routing Number').fill('20-00-00');
    await page.getByLabel('Bank Address').fill('2 Lombard Street, London');
    await page.getByRole('button', { name: 'Save' }).click();
    await confirmItIsYou(page, stack.dataDir, 'demo@example.com');
    await page.getByTestId('payment-method-card').getByText('Second Example Bank').waitFor();
    await page.getByTestId('usable-from').getByText('Withdrawals to it can be made from').waitFor();
    await shot(page, 'cash-new-destination');
    // The server's limit is checked before the confirmation, in the account's currency.
    await page.getByText('Between $1,000.00 and $1,000,000.00.').waitFor();
    await page.getByLabel('Amount').fill('500');
    await page.getByRole('button', { name: 'Withdraw' }).click();
    await page.getByText('A withdrawal must be between $1,000.00 and $1,000,000.00.').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.getByLabel('Amount').fill('2000');
    await page.getByRole('button', { name: 'Withdraw' }).click();
    const confirm = page.getByRole('dialog', { name: 'confirm withdrawal request' });
    await confirm.getByText('Second Example Bank 55779911').waitFor();
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await confirm
      .getByText(/^This withdrawal destination can be used from .* UTC, or now once you confirm it/)
      .waitFor();
    // A day goes by: the product has no way to wait one, so the destination's dates move back.
    await stack.sql(
      "update payment_methods set created_at = created_at - interval '1 day', usable_at = usable_at - interval '1 day' where bank_name = 'Second Example Bank'",
    );
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Withdrawal request received.').waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(cashBalance).toBe('$86,500.00');
    await expect.poll(async () => (await rows())[0]).toMatch(/^Payout\$2,000\.00.*Pending/);
    expect(problems).toEqual([]);
  });

  it('works on a 390×844 phone: each money page, a transfer and a deposit request', async () => {
    const phone = await phoneWithSessionOf(browser, page, app.url);
    await phone.goto(`${app.url}/cash`);
    await phone.getByTestId('cash-balance').waitFor();
    await phone.getByTestId('transaction-row').first().waitFor();
    await shot(phone, 'cash-phone');
    for (const name of ['deposit', 'transfer', 'withdraw']) {
      await phone.getByRole('navigation', { name: 'Move money' }).getByRole('link', { name }).click();
      await phone.getByRole('heading', { name: `${name.charAt(0).toUpperCase()}${name.slice(1)}`, level: 1 }).waitFor();
      expect(await sidewaysOverflow(phone), name).toBeLessThanOrEqual(0);
      await shot(phone, `${name}-phone`);
      await phone.getByRole('link', { name: '← Go back' }).click();
      await phone.getByTestId('cash-balance').waitFor();
    }
    // A transfer and a deposit request from the phone pages.
    await phone.getByRole('navigation', { name: 'Move money' }).getByRole('link', { name: 'transfer' }).click();
    await phone.getByLabel('Amount').fill('500');
    await phone.getByRole('button', { name: 'Transfer', exact: true }).click();
    await phone
      .getByRole('dialog', { name: 'confirm transfer request' })
      .getByRole('button', { name: 'Confirm' })
      .click();
    await phone.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => phone.getByTestId('cash-balance').textContent()).toBe('$86,000.00');
    await phone.getByRole('navigation', { name: 'Move money' }).getByRole('link', { name: 'deposit' }).click();
    await phone.getByRole('radio', { name: 'bank' }).check({ force: true });
    await phone.getByLabel('Amount').fill('60000');
    await phone.getByRole('button', { name: 'I have made payment' }).click();
    await phone
      .getByRole('dialog', { name: 'confirm deposit request' })
      .getByRole('button', { name: 'Confirm' })
      .click();
    await phone.getByText('Thank you for investing with us.').waitFor();
    await phone.getByRole('button', { name: 'Continue' }).click();
    await expect
      .poll(async () => (await phone.getByTestId('transaction-row').allTextContents())[0])
      .toMatch(/^Deposit\$60,000\.00.*Pending/);
    // A phone has no Action column: a pending row's actions sit beside its status.
    await shot(phone, 'cash-pending-phone');
    await phone.getByRole('button', { name: 'Actions for this deposit' }).first().click();
    await phone.getByRole('menuitem', { name: 'cancel' }).click();
    await phone.getByText('Transaction cancelled').waitFor();
    await expect
      .poll(async () => (await phone.getByTestId('transaction-row').allTextContents())[0])
      .toMatch(/^Deposit\$60,000\.00.*Cancelled/);
    expect(await sidewaysOverflow(phone)).toBeLessThanOrEqual(0);
    await phone.getByRole('button', { name: 'Hide balance' }).click();
    expect(await phone.getByTestId('cash-balance').textContent()).toBe('********');
    await phone.close();
  });
  it('sends a transfer whose answer was lost again with the same key, and the money moves once', async () => {
    const keys: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/user/transaction/swap')) keys.push(request.headers()['idempotency-key'] ?? '');
    });
    // The first try reaches the server and moves the money; its response never reaches the browser.
    await page.route('**/api/user/transaction/swap', async (route) => {
      await route.fetch();
      await route.abort('connectionreset');
    });
    await page.goto(`${app.url}/cash`);
    await expect.poll(async () => Number.isFinite(cents(await cashBalance()))).toBe(true);
    const before = cents(await cashBalance());
    await tab('transfer');
    await page.getByLabel('Amount').fill('777');
    await page.getByRole('button', { name: 'Transfer', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'confirm transfer request' });
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await confirm.getByText('Could not reach the server. Check your connection and try again.').waitFor();
    await page.unroute('**/api/user/transaction/swap');

    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Transfer completed.').waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    const transfers = await stack.sql<{ count: number }>(
      `select count(*)::int as count from transactions t join users u on u.id = t.user_id
       where u.email = 'demo@example.com' and t.type = 'transfer' and t.amount = 777`,
    );
    expect(transfers[0]?.count).toBe(1);
    await expect.poll(async () => cents(await cashBalance())).toBe(before - 77_700);

    // A definite response ends the request: the same transfer again is a new one, with a new key.
    await tab('transfer');
    await page.getByLabel('Amount').fill('777');
    await page.getByRole('button', { name: 'Transfer', exact: true }).click();
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Transfer completed.').waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    expect(keys).toHaveLength(3);
    expect(keys[2]).not.toBe(keys[0]);
    await expect.poll(async () => cents(await cashBalance())).toBe(before - 2 * 77_700);
  });

  it('says so when the saved withdrawal details cannot be loaded, and shows them once they can', async () => {
    await page.route('**/api/user/payment-method?*', (route) => route.abort('connectionreset'));
    await page.goto(`${app.url}/cash`);
    await tab('withdraw');
    // Loading fails after the client's two retries; the form says why instead of offering to add details.
    await page
      .getByRole('alert')
      .filter({ hasText: 'Could not reach the server. Check your connection and try again.' })
      .waitFor();
    expect(await page.getByText('Add your bank details to request withdrawal').count()).toBe(0);
    await page.unroute('**/api/user/payment-method?*');
    await page.reload();
    await tab('withdraw');
    await page.getByTestId('payment-method-card').waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
  });
});
