import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { describedBy, overlap, screenshotDir, sidewaysOverflow, watchPageProblems } from './support/browser.ts';
import { codeBoxesReach, typeCode } from './support/code-boxes.ts';
import { operatorToken } from './support/investor.ts';
import { browserJourney, shot as shotOf } from './support/journey.ts';
import { codeFromOutbox } from './support/outbox.ts';
import { confirmItIsYou } from './support/step-up.ts';
import { cents } from './support/money.ts';
import { chooseOption } from './support/select.ts';
import { demoInvestorPage } from './support/sign-in-page.ts';
import type { Stack } from './support/stack.ts';

// What a new user meets from sign-up to a first withdrawal, as issue 41 found it.
let stack: Stack;
let browser: Browser;
let page: Page;
let problems: string[];
const seenMail = new Set<string>();
const stamp = Date.now();
const person = {
  email: `eve.${stamp}@example.com`,
  username: `eve${stamp}`,
  password: 'a newcomer passphrase',
};

const shot = (name: string, target = page) => shotOf(target, `new-user-${name}`);
const waitForPath = (pathname: string, target = page) =>
  target.waitForURL((url) => url.pathname === pathname, { timeout: 15_000 });
const navigation = () => page.getByRole('navigation', { name: 'Main' });

const focusedName = (target = page) => target.evaluate(() => document.activeElement?.getAttribute('name'));

// Automated investing invests within seconds, as it would over a day. The journey starts signed out.
browserJourney(
  'new-user',
  {
    env: { AUTO_INVEST_SECONDS: '2' },
    signIn: async (browser) => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      return { page, problems: watchPageProblems(page) };
    },
  },
  (ready) => ({ stack, browser, page, problems } = ready),
);

describe('a new user in Chromium', () => {
  it('is told on step 1, beside each field, what is wrong, with the focus on the first', async () => {
    await page.goto(`${stack.app.url}/signup`);
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    const field = (label: string) => page.getByLabel(label, { exact: true });
    await field('First name').fill('Eve');
    await field('Last name').fill('Newcomer');
    await field('Email address').fill('eve@example');
    await field('Username').fill(person.username);
    await field('Password').fill('short');
    await field('Confirm password').fill('shorter');
    await page.getByRole('button', { name: 'Next' }).click();

    expect(await describedBy(field('Email address'))).toBe('The email must be a valid email address.');
    expect(await describedBy(field('Password'))).toContain('The password must be between 8 and 128 characters.');
    expect(await describedBy(field('Confirm password'))).toBe('Passwords do not match!');
    expect(await focusedName()).toBe('email');
    expect(new URL(page.url()).pathname).toBe('/signup');
    await shot('signup-step-1-refused');

    await field('Email address').fill(person.email);
    await field('Password').fill('Password123');
    await field('Confirm password').fill('Password123');
    await page.getByRole('button', { name: 'Next' }).click();
    // The list of common passwords is the server's: it is asked on step 1, and its response shows beside the field.
    await expect
      .poll(() => describedBy(field('Password')))
      .toContain('This password is too common. Choose one that is harder to guess.');
    expect(await focusedName()).toBe('password');
    expect(new URL(page.url()).pathname).toBe('/signup');

    await field('Password').fill(person.password);
    await field('Confirm password').fill('shorter');
    await page.getByRole('button', { name: 'Next' }).click();
    // The mismatch is the one left: its field has the focus and is on screen, whatever the scroll.
    await expect.poll(() => focusedName()).toBe('password_confirmation');
    const confirmation = await field('Confirm password').boundingBox();
    expect(confirmation && confirmation.y >= 0 && confirmation.y + confirmation.height <= 800).toBe(true);
    expect(await describedBy(field('Email address'))).toBe('');

    await field('Confirm password').fill(person.password);
    await page.getByRole('button', { name: 'Next' }).click();
    await waitForPath('/stepone');
    await page.getByLabel('Phone Number').fill('+44 20 7946 0018');
    await page.getByLabel('Residential Address').fill('1 Newcomer Lane');
    await chooseOption(page, 'Country', 'United Kingdom');
    await chooseOption(page, 'State/Province', 'England');
    await chooseOption(page, 'City', 'London');
    await page.getByLabel('Enter zip code').fill('NW1 6XE');
    await page.getByRole('button', { name: 'Next' }).click();
    await waitForPath('/steptwo');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('date of birth is required!').waitFor();
    await page.getByLabel('Date of birth').fill('1991-04-12');
    await chooseOption(page, 'Nationality', 'British');
    await page.getByLabel('Account currency').selectOption({ label: '$ US Dollar (USD)' });
    await page.getByLabel('Investing experience').selectOption('beginner');
    await page.getByLabel('Employment').selectOption('employed');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('You must agree to the terms and conditions.').waitFor();
    await page.getByLabel('I agree to the terms and conditions.').check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await waitForPath('/verifyemail');
  });

  it('fits the code boxes in their card, on a desktop and on a phone', async () => {
    await page.getByRole('heading', { name: 'Verify your email Address' }).waitFor();
    const desktop = await codeBoxesReach(page);
    expect(desktop.pastButtons).toBeLessThanOrEqual(0.5);
    expect(desktop.pastCard).toBeLessThanOrEqual(0.5);
    await shot('verify-email-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    const phone = await codeBoxesReach(page);
    expect(phone.pastButtons).toBeLessThanOrEqual(0.5);
    expect(phone.pastCard).toBeLessThanOrEqual(0.5);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await shot('verify-email-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('shows the resend toast clear of the header, and ends it when the screen changes', async () => {
    // The sign-up's code is set aside: the code to type is the one sent again.
    await codeFromOutbox(stack.dataDir, person.email, 'email verification code', seenMail);
    // The sign-up's code counts as a first one: half a minute later a new one may be asked for.
    await stack.sql("update throttle_events set created_at = created_at - interval '1 minute' where key like 'code:%'");
    await page.getByRole('button', { name: 'Resend code' }).click();
    const toast = page.getByRole('status').filter({ hasText: 'Code resent.' });
    await toast.waitFor();
    const coversHeader = await overlap(toast, page.getByRole('banner'));
    await shot('resend-toast');
    const code = await codeFromOutbox(stack.dataDir, person.email, 'email verification code', seenMail);
    await typeCode(page, code);
    await page.getByRole('button', { name: 'Verify email' }).click();
    await waitForPath('/portfolio');
    await page.getByRole('heading', { name: 'Portfolio' }).waitFor();
    expect(await page.getByText('Code resent.').count()).toBe(0);
    expect(coversHeader).toBe(false);
  });

  it('follows the operator’s approval on in-app navigation, without a reload', async () => {
    await stack.sql("update users set kyc = 'submitted' where email = $1", [person.email]);
    // The portfolio's response is fresh for two seconds (the query client's staleTime); a person takes longer than that.
    await page.waitForTimeout(2_100);
    await navigation().getByRole('link', { name: 'Market' }).click();
    await page.getByText('We are reviewing your documents.', { exact: false }).waitFor();
    // The account's response that showed this is the one to go stale; the approval's time counts towards it.
    const reviewShown = Date.now();
    const [user] = await stack.sql<{ id: string }>('select id from users where email = $1', [person.email]);
    const approved = await fetch(`${stack.app.url}/api/admin/kyc/${user?.id}/approve`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await operatorToken(stack, seenMail)}`,
        'content-type': 'application/json',
      },
      body: '{}',
    });
    expect(approved.status).toBe(200);
    await page.waitForTimeout(Math.max(0, 2_100 - (Date.now() - reviewShown)));
    await navigation().getByRole('link', { name: 'Savings' }).click();
    await page.getByRole('heading', { name: 'Savings', level: 1 }).waitFor();
    expect(await page.getByText('Identity verification needed').count()).toBe(0);
    await shot('approved-savings');
  });

  it('shows no review banner to an approved user whose stored session predates the approval', async () => {
    await page.evaluate(() => {
      const stored = JSON.parse(sessionStorage.getItem('userInfo') ?? '{}') as Record<string, unknown>;
      sessionStorage.setItem('userInfo', JSON.stringify({ ...stored, kyc: 'submitted' }));
    });
    // Records whether the banner is ever drawn, even for a moment before the server responds.
    await page.addInitScript(() => {
      new MutationObserver(() => {
        if (document.documentElement.textContent.includes('submitted your documents'))
          sessionStorage.setItem('sawBanner', '1');
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await page.goto(`${stack.app.url}/portfolio`);
    await page.getByRole('heading', { name: 'Portfolio' }).waitFor();
    await page.getByTestId('net-worth').waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('sawBanner'))).toBeNull();
  });

  it('tells an investor opening /admin that the console is for operators', async () => {
    await page.goto(`${stack.app.url}/admin`);
    await page.getByRole('heading', { name: 'This page is for Itrust operators.' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin');
    expect(await page.getByText('six-digit').count()).toBe(0);
    await shot('admin-for-investor');
    await page.getByRole('link', { name: 'Back to your portfolio' }).click();
    await waitForPath('/portfolio');
  });

  it('names each missing bank detail beside its field, and confirms saved details', async () => {
    await page.goto(`${stack.app.url}/cash`);
    await page.getByRole('tab', { name: 'withdraw' }).click();
    await page.getByRole('button', { name: 'Add bank details' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    const field = (label: string) => page.getByLabel(label, { exact: true });
    await expect.poll(() => describedBy(field('Account Number'))).toBe('This field is required.');
    for (const label of ['Account Name', 'Bank Name', 'Bank Code/Routing Number', 'Bank Address'])
      expect(await describedBy(field(label))).toBe('This field is required.');
    expect(await describedBy(field('Name (Optional)'))).toBe('');
    expect(await focusedName()).toBe('account_number');
    await shot('bank-details-refused');

    await field('Account Number').fill('12345678');
    await field('Account Name').fill('Eve Newcomer');
    await field('Bank Name').fill('Example Bank');
    await field('Bank Code/Routing Number').fill('20-00-00');
    await field('Bank Address').fill('1 Bank Street, London');
    await page.getByRole('button', { name: 'Save' }).click();
    await confirmItIsYou(page, stack.dataDir, person.email, seenMail);
    await page.getByText('Withdraw Info Updated.').waitFor();
    await page.getByTestId('payment-method-card').waitFor();
    await shot('bank-details-saved');
  });

  it('shows the stored profile again after a save with blank fields', async () => {
    await page.goto(`${stack.app.url}/profile`);
    const field = (label: string) => page.getByLabel(label, { exact: true });
    await expect.poll(() => field('First name').inputValue()).toBe('Eve');
    await field('First name').fill('');
    await field('Phone number').fill('');
    await field('Residential address').fill('2 Newcomer Lane');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Profile updated.').waitFor();
    expect(await field('First name').inputValue()).toBe('Eve');
    expect(await field('Phone number').inputValue()).toBe('+44 20 7946 0018');
    expect(await field('Residential address').inputValue()).toBe('2 Newcomer Lane');
    await shot('profile-saved');
  });

  it('keeps toasts off the header navigation on a desktop and on a phone', async () => {
    await page.goto(`${stack.app.url}/asset/Bitcoin/BTC`);
    await page.getByRole('button', { name: 'Add Bitcoin to your watchlist' }).click();
    const toast = page.getByRole('status').filter({ hasText: 'watchlist' });
    await toast.waitFor();
    expect(await overlap(toast, page.getByRole('banner'))).toBe(false);
    await shot('toast-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await overlap(toast, page.getByRole('banner'))).toBe(false);
    await shot('toast-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(problems).toEqual([]);
  });
});

describe('a transfer out of automated investing', () => {
  it('shows what can be moved out and refuses more before the confirmation', async () => {
    const demo = await demoInvestorPage(browser, stack.app.url, stack.demoPassword, { width: 1280, height: 800 });
    const token = await demo.page.evaluate(() => sessionStorage.getItem('accessToken'));
    const read = async (path: string) =>
      (await (
        await fetch(`${stack.app.url}/api${path}`, {
          headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
        })
      ).json()) as { data: Record<string, Record<string, unknown>> };
    const moved = await fetch(`${stack.app.url}/api/user/transaction/swap`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: '12000', from: 'cash', to: 'auto', type: 'transfer' }),
    });
    expect(moved.status).toBe(201);
    // Once invested, the wallet's idle cash is a small part of what can be moved out.
    const autoFigures = async () => {
      const auto = (await read('/user/auto')).data['auto'];
      return { movable: cents(String(auto?.['movable'])), cash: cents(String(auto?.['cash'])) };
    };
    await expect.poll(async () => (await autoFigures()).cash, { timeout: 20_000 }).toBeLessThan(100_000);
    const { movable } = await autoFigures();
    expect(movable).toBeGreaterThan(1_100_000);

    await demo.page.goto(`${stack.app.url}/cash`);
    await demo.page.getByRole('tab', { name: 'transfer' }).click();
    await demo.page.getByRole('button', { name: 'Swap the direction of the transfer' }).click();
    await demo.page.getByRole('radio', { name: 'automated investing' }).check();
    const shown = demo.page.getByTestId('transfer-available-auto');
    // Prices move as the test runs: the figure shown is the response's, within what a tick moves it.
    await expect
      .poll(async () => Math.abs(cents(await shown.textContent()) - (await autoFigures()).movable))
      .toBeLessThan(movable / 100);
    expect(await demo.page.getByTestId('transfer-auto-note').textContent()).toContain('selling');
    await demo.page.getByLabel('Amount').fill(`${(2 * movable) / 100}`);
    await demo.page.getByRole('button', { name: 'Transfer', exact: true }).click();
    await demo.page.getByText('Insufficient balance for this amount.').waitFor();
    // The screen as it is: a full-page shot resizes the window, which starts the form afresh.
    await demo.page.screenshot({ path: path.join(screenshotDir, 'new-user-transfer-out-of-auto.png') });
    expect(await demo.page.getByRole('dialog').count()).toBe(0);
    await demo.page.close();
  });
});
