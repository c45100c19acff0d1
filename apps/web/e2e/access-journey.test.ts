import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  launchChromium,
  phoneWithSessionOf,
  screenshotDir,
  sidewaysOverflow,
  watchPageProblems,
} from './support/browser.ts';
import { codeInBoxes, pasteCode, typeCode } from './support/code-boxes.ts';
import { shot as shotOf } from './support/journey.ts';
import { codeFromOutbox } from './support/outbox.ts';
import { chooseOption } from './support/select.ts';
import { SignInPage } from './support/sign-in-page.ts';
import { signOutQuietly } from './support/sign-out.ts';
import { startStack, type Stack } from './support/stack.ts';

// The app runs on a database of the test's own, so the test can switch two-factor on as a fixture.
let stack: Stack;
let dataDir: string;
let app: Stack['app'];
let browser: Browser;
let page: Page;
let problems: string[];
const seenMail = new Set<string>();

const person = {
  first_name: 'Grace',
  last_name: 'Hopper',
  email: `grace.${Date.now()}@example.com`,
  username: `grace${Date.now()}`,
  password: 'compiler pioneer 1952',
  newPassword: 'nanoseconds of wire 1985',
};

const shot = (name: string) => shotOf(page, name);
const waitForPath = (pathname: string) => page.waitForURL((url) => url.pathname === pathname, { timeout: 15_000 });

beforeAll(async () => {
  // Chromium starts while the app does: neither needs the other until the first page.
  await Promise.all([
    startStack('journey').then((started) => (stack = started)),
    launchChromium().then((launched) => (browser = launched)),
  ]);
  ({ dataDir, app } = stack);
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  problems = watchPageProblems(page);
});

afterAll(async () => {
  await browser.close();
  await stack.stop();
});

afterEach(async (context) => {
  if (context.task.result?.state === 'fail')
    await shot(`failed-${context.task.name.slice(0, 40).replace(/\W+/g, '-')}`);
});

describe('access journey in Chromium', () => {
  it('signs up through the three steps', async () => {
    await new SignInPage(page).open(app.url);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await waitForPath('/signup');
    const next = page.getByRole('button', { name: 'Next' });
    expect(await next.isDisabled()).toBe(true);

    await page.getByLabel('First name').fill(person.first_name);
    await page.getByLabel('Last name').fill(person.last_name);
    await page.getByLabel('Email address').fill(person.email);
    await page.getByLabel('Username').fill(person.username);
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByLabel('Confirm password').fill('not the same');
    await next.click();
    await page.getByText('Passwords do not match!').waitFor();
    await page.getByLabel('Confirm password').fill(person.password);
    await next.click();

    await waitForPath('/stepone');
    expect(await page.title()).toBe('Itrust - Signup');
    await page.getByRole('heading', { name: 'Provide contact information' }).waitFor();
    expect(await page.getByRole('button', { name: /^State\/Province/ }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('phone is required!').waitFor();
    await page.getByLabel('Phone Number').fill('call me');
    await page.getByLabel('Residential Address').fill('221B Baker Street');
    await chooseOption(page, 'Country', 'United Kingdom');
    await chooseOption(page, 'State/Province', 'England');
    await chooseOption(page, 'City', 'London');
    await page.getByLabel('Enter zip code').fill('NW1 6XE');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Enter a phone number of 7 to 15 digits, like +44 20 7946 0958.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/stepone');
    await page.getByLabel('Phone Number').fill('+44 20 7946 0018');
    const stored = await page.evaluate(
      () => JSON.parse(sessionStorage.getItem('contactInfo') ?? '{}') as Record<string, unknown>,
    );
    expect(stored).toMatchObject({ phone: '+44 20 7946 0018', zipcode: 'NW1 6XE', city: expect.any(Number) });
    await shot('signup-contact');
    await page.getByRole('button', { name: 'Next' }).click();

    await waitForPath('/steptwo');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('date of birth is required!').waitFor();
    await page.getByLabel('Date of birth').fill('1990-12-09');
    await chooseOption(page, 'Nationality', 'British');
    await page.getByLabel('Account currency').selectOption({ label: '£ British Pound (GBP)' });
    await page.getByLabel('Investing experience').selectOption('advanced');
    await page.getByLabel('Employment').selectOption('employed');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('You must agree to the terms and conditions.').waitFor();
    await page.getByLabel('I agree to the terms and conditions.').check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Account created. We have emailed you a code').waitFor();
    await waitForPath('/verifyemail');
    expect(await page.evaluate(() => sessionStorage.getItem('accessToken'))).toBeTruthy();
  });

  it('verifies the email with the code from the outbox and lands on /portfolio', async () => {
    await page.getByRole('heading', { name: 'Verify your email Address' }).waitFor();
    await page.getByRole('button', { name: 'Verify email' }).click();
    await page.getByText('Invalid OTP code!').waitFor();
    const code = await codeFromOutbox(dataDir, person.email, 'email verification code', seenMail);
    await typeCode(page, code);
    expect(await codeInBoxes(page)).toBe(code);
    await page.getByRole('button', { name: 'Verify email' }).click();
    await waitForPath('/portfolio');
    await page.getByRole('heading', { name: 'Portfolio' }).waitFor();
    await page.getByRole('link', { name: 'Verify your identity.' }).waitFor();
    // A new account in pounds: nothing yet, and every empty state of the portfolio says so.
    await expect.poll(() => page.getByTestId('net-worth').textContent()).toBe('£0.00');
    for (const empty of [
      'You have no Holdings',
      'You have no open positions',
      'You have no data',
      'You have no orders',
    ])
      await page.getByText(empty).waitFor();
    await shot('portfolio-new-account-desktop');
  });

  it('keeps an unverified identity out of trading screens and shows an unknown address as an error', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Market' }).click();
    await page.getByRole('heading', { name: 'Identity verification needed' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('activeTab'))).toBe('market');
    await page.goto(`${app.url}/portfolio/nowhere`);
    await page.getByRole('heading', { name: 'Unexpected Application Error!' }).waitFor();
    expect(await page.getByRole('alert').textContent()).toContain('404 Not Found');
  });

  it('lets a browser signed in before two-factor was turned on elsewhere carry on', async () => {
    await stack.sql('update users set two_fa_activated_at = now() where email = $1', [person.email]);
    await page.goto(`${app.url}/otp`);
    await waitForPath('/portfolio');
    await page.getByRole('heading', { name: 'Portfolio' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('authPassed'))).toBe('true');
    await stack.sql('update users set two_fa_activated_at = null where email = $1', [person.email]);
  });

  it('logs out from the profile page', async () => {
    await page.goto(`${app.url}/user`);
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByText('Logged out.').waitFor();
    await waitForPath('/');
    // Everything is cleared but the device id, which keeps this browser known for new-device alerts.
    expect(await page.evaluate(() => [sessionStorage.length, Object.keys(localStorage)])).toEqual([0, ['deviceId']]);
  });

  it('signs in again with two-factor on and the emailed code', async () => {
    await stack.sql('update users set two_fa_activated_at = now() where email = $1', [person.email]);

    const signIn = new SignInPage(page);
    expect(await signIn.submitButton().isDisabled()).toBe(true);
    await signIn.signIn(person.username, person.password);
    await waitForPath('/otp');
    await page.getByRole('heading', { name: '2FA' }).waitFor();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Invalid OTP code!').waitFor();
    const code = await codeFromOutbox(dataDir, person.email, 'sign-in code', seenMail);
    await pasteCode(page, code);
    expect(await codeInBoxes(page)).toBe(code);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Login success.').waitFor();
    await waitForPath('/portfolio');
    expect(await page.evaluate(() => localStorage.getItem('authPassed'))).toBe('true');
  });

  it('resets a forgotten password, ends signed out, and the new password works', async () => {
    await signOutQuietly(page);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await waitForPath('/reset-password');
    const send = page.getByRole('button', { name: 'Send code' });
    await page.getByLabel('Email address').fill('grace@example');
    expect(await send.isDisabled()).toBe(true);
    await page.getByLabel('Email address').fill(person.email);
    await send.click();

    await waitForPath('/validate-otp');
    await page.getByRole('heading', { name: 'Verify Mail' }).waitFor();
    await typeCode(page, await codeFromOutbox(dataDir, person.email, 'password reset code', seenMail));
    await page.getByRole('button', { name: 'Verify mail' }).click();
    await page.getByText('Code verified.').waitFor();
    await waitForPath('/change-password');

    await page.getByRole('heading', { name: 'New password' }).waitFor();
    const confirm = page.getByRole('button', { name: 'Confirm' });
    expect(await confirm.isDisabled()).toBe(true);
    await page.locator('input[name="password"]').fill(person.newPassword);
    await page.locator('input[name="password_confirmation"]').fill(person.newPassword);
    await confirm.click();
    await page.getByText('Password updated.').waitFor();
    await waitForPath('/');
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);

    await new SignInPage(page).signIn(person.email, person.password);
    await page.getByText('These credentials do not match our records.').waitFor();
    await new SignInPage(page).signIn(person.email, person.newPassword);
    await waitForPath('/otp');
    await typeCode(page, await codeFromOutbox(dataDir, person.email, 'sign-in code', seenMail));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await waitForPath('/portfolio');
    expect(problems).toEqual([]);
  });

  it('works on a 390×844 phone: menu with all five sections, banner linking to /kyc', async () => {
    const phone = await phoneWithSessionOf(browser, page, app.url);
    await phone.goto(`${app.url}/portfolio`);
    await phone.getByRole('heading', { name: 'Portfolio' }).waitFor();
    await phone.getByText(/^Over 1 day your net worth went from/).waitFor();
    await shotOf(phone, 'portfolio-new-account-phone');
    expect(await phone.getByRole('link', { name: 'Verify your identity.' }).getAttribute('href')).toBe('/kyc');
    await phone.getByRole('button', { name: 'Open menu' }).click();
    const all = await phone.getByRole('navigation', { name: 'All sections' }).getByRole('link').allTextContents();
    expect(all).toEqual(['Portfolio', 'Market', 'Savings', 'Cash', 'History']);
    await phone.screenshot({ path: path.join(screenshotDir, 'menu-phone.png') });
    await phone.getByRole('navigation', { name: 'All sections' }).getByRole('link', { name: 'Cash' }).click();
    await phone.getByRole('button', { name: 'Open menu' }).waitFor();
    const overflow = await sidewaysOverflow(phone);
    expect(overflow).toBeLessThanOrEqual(0);
    await phone.close();
  });
});
