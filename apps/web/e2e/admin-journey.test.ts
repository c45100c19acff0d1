import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../../api/src/lib/mail/outbox.ts';
import { launchChromium, reachPastScreen, sidewaysOverflow, watchPageProblems } from './support/browser.ts';
import { freshCode, operatorSession } from './support/authenticator.ts';
import { typeCode } from './support/code-boxes.ts';
import { SignInPage } from './support/sign-in-page.ts';
import { startStack, type Stack } from './support/stack.ts';
import { shot } from './support/journey.ts';

let stack: Stack;
let browser: Browser;
let investorContext: BrowserContext;
let operatorContext: BrowserContext;
let investor: Page;
let operator: Page;
let problems: string[];
const seen = new Set<string>();
const images = { front: '', back: '' };

beforeAll(async () => {
  // Chromium starts while the app does: neither needs the other until the first page.
  await Promise.all([
    startStack('admin').then((started) => (stack = started)),
    launchChromium().then((launched) => (browser = launched)),
  ]);
  // The demo investor's identity is approved in the demo data; here an operator reviews it from the start.
  await stack.sql("update users set kyc = 'pending' where email = 'demo@example.com'");
  images.front = path.join(stack.dataDir, 'id-front.png');
  images.back = path.join(stack.dataDir, 'id-back.png');
  await writeFile(
    images.front,
    await sharp({ create: { width: 500, height: 320, channels: 3, background: { r: 20, g: 120, b: 90 } } })
      .png()
      .toBuffer(),
  );
  await writeFile(
    images.back,
    await sharp({ create: { width: 500, height: 320, channels: 3, background: { r: 200, g: 200, b: 190 } } })
      .png()
      .toBuffer(),
  );
  investorContext = await browser.newContext({ viewport: { width: 1366, height: 950 } });
  operatorContext = await browser.newContext({ viewport: { width: 1366, height: 950 } });
  investor = await investorContext.newPage();
  operator = await operatorContext.newPage();
  problems = [...watchPageProblems(investor), ...watchPageProblems(operator)];
});

afterAll(async () => {
  await browser.close();
  await stack.stop();
});

afterEach(async (context) => {
  if (context.task.result?.state === 'fail') {
    await shot(investor, 'failed-admin-investor');
    await shot(operator, 'failed-admin-operator');
  }
});

describe('operators and investors in Chromium', () => {
  it('the investor submits identity documents', async () => {
    await new SignInPage(investor).open(stack.app.url);
    await new SignInPage(investor).signIn('demo@example.com', stack.demoPassword);
    await investor.waitForURL((url) => url.pathname === '/portfolio');
    await investor.goto(`${stack.app.url}/kyc`);
    await investor.getByLabel('Front of the ID', { exact: true }).setInputFiles(images.front);
    await investor.getByLabel('Back of the ID', { exact: true }).setInputFiles(images.back);
    await investor.getByLabel('ID type').selectOption('international_passport');
    await investor.getByLabel('ID number').fill('P-7001');
    await investor.getByRole('button', { name: 'Submit documents' }).click();
    await investor.getByText('Document Submitted').waitFor();
  });

  it('the operator signs in with the authenticator app and approves the identity in /admin', async () => {
    const { secret } = await operatorSession(stack, seen);
    await new SignInPage(operator).open(stack.app.url);
    await new SignInPage(operator).signIn('ops@example.com', stack.operatorPassword);
    await operator.waitForURL((url) => url.pathname === '/otp');
    await typeCode(operator, await freshCode(secret));
    await operator.getByRole('button', { name: 'Sign in' }).click();
    await operator.waitForURL((url) => url.pathname === '/admin');
    const card = operator.getByTestId('kyc-case').filter({ hasText: 'demo@example.com' });
    await card.getByRole('img', { name: /front of the ID/ }).waitFor();
    await shot(operator, 'admin-kyc');
    await card.getByRole('button', { name: 'Approve' }).click();
    await operator.getByText('Identity approved.').waitFor();
    await operator.getByText('No identity checks are waiting.').waitFor();
  });

  it('the investor now reaches the market', async () => {
    await investor.goto(`${stack.app.url}/market`);
    await investor.getByRole('heading', { name: 'Market', level: 1 }).waitFor();
    expect(await investor.getByRole('heading', { name: 'Identity verification needed' }).count()).toBe(0);
  });

  it('the investor asks for a deposit, the operator approves it, and the cash balance shows it', async () => {
    await investor.goto(`${stack.app.url}/cash`);
    await expect.poll(() => investor.getByTestId('cash-balance').textContent()).toBe('$89,500.00');
    await investor.getByRole('tab', { name: 'deposit' }).click();
    await investor.getByRole('radio', { name: 'bank' }).check({ force: true });
    await investor.getByLabel('Amount').fill('75000');
    await investor.getByRole('button', { name: 'I have made payment' }).click();
    await investor
      .getByRole('dialog', { name: 'confirm deposit request' })
      .getByRole('button', { name: 'Confirm' })
      .click();
    await investor.getByRole('button', { name: 'Continue' }).click();

    await operator.getByRole('tab', { name: 'Deposits' }).click();
    const deposit = operator.getByTestId('transaction-case').filter({ hasText: '75,000.00' });
    await deposit.getByRole('button', { name: 'Approve' }).click();
    await operator.getByText('Deposit approved.').waitFor();
    await operator.getByRole('tab', { name: 'Audit log' }).click();
    await operator.getByText('deposit.approve').waitFor();
    await operator.getByText('kyc.approve').waitFor();
    // Beside the two decisions, the operator's own setting up of the authenticator app the console asks for.
    await operator.getByText('authenticator.added').waitFor();
    await operator.getByText('3 entries · page 1 of 1').waitFor();
    await shot(operator, 'admin-audit');

    await investor.reload();
    await expect
      .poll(() => investor.getByTestId('cash-balance').textContent(), { timeout: 10_000 })
      .toBe('$164,500.00');
  });

  it("leaves both decisions in the investor's mailbox", async () => {
    await expect
      .poll(
        async () =>
          (await listOutbox(path.join(stack.dataDir, 'outbox')))
            .filter((mail) => mail.to === 'demo@example.com')
            .map((mail) => mail.subject),
        { timeout: 15_000 },
      )
      .toEqual(expect.arrayContaining(['Your identity is verified', 'Your deposit has arrived']));
    expect(problems).toEqual([]);
  });

  it('finds the investor from the Users tab, with their wallets', async () => {
    await operator.getByRole('tab', { name: 'Users' }).click();
    const search = operator.getByLabel('Find an investor by email, username or name');
    await search.fill('nobody-here');
    await operator.getByText('No investor matches “nobody-here”.').waitFor();
    await search.fill('demo@');
    const hit = operator.getByRole('button', { name: /demo@example\.com/ });
    await hit.click();
    expect(await hit.getAttribute('aria-pressed')).toBe('true');
    const detail = operator.getByRole('region', { name: 'Investor' });
    await detail.getByText('demo@example.com · identity approved').waitFor();
    // The pending withdrawal of 5,000 is held: the balance and what is available differ.
    await detail.getByText('$169,500.00', { exact: true }).waitFor();
    await detail.getByText('available $164,500.00').waitFor();
    await detail.getByRole('cell', { name: '$75,000.00' }).waitFor();
    await shot(operator, 'admin-users');
    expect(problems).toEqual([]);
  });

  it('fits the console on a 390×844 phone', async () => {
    await operator.setViewportSize({ width: 390, height: 844 });
    await operator.getByRole('region', { name: 'Investor' }).waitFor();
    expect(await sidewaysOverflow(operator)).toBeLessThanOrEqual(0);
    // The investor's latest transactions, status included, without scrolling the table sideways.
    expect(await reachPastScreen(operator.getByRole('region', { name: 'Investor' }))).toBeLessThanOrEqual(0);
    await operator.getByRole('button', { name: 'Log out' }).waitFor();
    await shot(operator, 'admin-users-phone');
    for (const tab of ['Identity checks', 'Deposits', 'Withdrawals', 'Audit log']) {
      await operator.getByRole('tab', { name: tab }).click();
      await operator.getByRole('tabpanel').locator('ul, p, section').first().waitFor();
      expect(await sidewaysOverflow(operator), tab).toBeLessThanOrEqual(0);
    }
    // Every part of each entry on the screen, not in a table scrolled sideways inside its card.
    expect(await reachPastScreen(operator.getByRole('region', { name: 'Audit log' }))).toBeLessThanOrEqual(0);
    await shot(operator, 'admin-audit-phone');
  });
});
