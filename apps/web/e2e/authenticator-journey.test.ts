import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { freshCode, secretFromScreen } from './support/authenticator.ts';
import { sidewaysOverflow, watchPageProblems } from './support/browser.ts';
import { typeCode } from './support/code-boxes.ts';
import { codeFromOutbox } from './support/outbox.ts';
import { browserJourney, shot, waitForPath, type Journey } from './support/journey.ts';
import { SignInPage } from './support/sign-in-page.ts';
import { signOutQuietly } from './support/sign-out.ts';
import { confirmItIsYou } from './support/step-up.ts';

const phoneSize = { width: 390, height: 844 };
let journey: Journey;
let secret = '';
let operatorSecret = '';
let recoveryCodes: string[] = [];

browserJourney('authenticator', { viewport: { width: 1280, height: 800 } }, (ready) => (journey = ready));

/**
 * Starts the set-up on Security (confirming it is `confirmAs`, when the session passed no second
 * step lately), reads the key off the screen and turns the app on with a code made from it.
 */
async function setUpAuthenticator(target: Page, name: string, confirmAs?: string): Promise<string> {
  await target.getByRole('button', { name: 'Set up an authenticator app' }).click();
  if (confirmAs) {
    const dialog = target.getByRole('dialog', { name: 'Confirm it is you' });
    await dialog
      .getByText('Confirm it is you first: your second step is needed to set up an authenticator app.')
      .waitFor();
    await shot(target, `${name}-step-up`);
    await confirmItIsYou(target, journey.stack.dataDir, confirmAs);
  }
  const shown = await target.getByTestId('authenticator-secret').textContent();
  const key = secretFromScreen(shown ?? '');
  expect(key).toMatch(/^[A-Z2-7]{16,}$/);
  await target.locator('svg title', { hasText: 'QR code for your authenticator app' }).waitFor({ state: 'attached' });
  await shot(target, `${name}-qr`);
  expect(await sidewaysOverflow(target)).toBe(0);
  await typeCode(target, await freshCode(key));
  await target.getByRole('button', { name: 'Turn on' }).click();
  const list = target.getByRole('list', { name: 'Recovery codes' });
  await list.waitFor();
  recoveryCodes = (await list.getByRole('listitem').allTextContents()).map((code) => code.trim());
  expect(recoveryCodes).toHaveLength(10);
  await shot(target, `${name}-recovery-codes`);
  expect(await sidewaysOverflow(target)).toBe(0);
  return key;
}

async function api(path: string, body: unknown, token?: string) {
  const response = await fetch(`${journey.stack.app.url}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { message: string; data: { token?: string } };
  if (!response.ok) throw new Error(`${path}: ${response.status} ${envelope.message}`);
  return envelope.data;
}

/** The demo investor, signed in elsewhere with the app, adds a withdrawal destination: a change of their own. */
async function demoAddsDestination() {
  const waiting = await api('/user/login', { login: 'demo@example.com', password: journey.stack.demoPassword });
  const signedIn = await api('/user/verify-two-fa', { code: await freshCode(secret) }, waiting.token);
  await api(
    '/user/payment-method',
    {
      type: 'bank',
      label: 'Savings',
      account_number: '12345678',
      account_name: 'Demo Investor',
      bank_name: 'Babbage Bank',
      routing_number: '40-11-62',
      bank_address: '1 Analytical Row, London',
    },
    signedIn.token,
  );
}

async function signInToSecondStep(target: Page) {
  const signIn = new SignInPage(target);
  await signIn.open(journey.stack.app.url);
  await signIn.signIn('demo@example.com', journey.stack.demoPassword);
  await waitForPath(target, '/otp');
  await target.getByText('Enter the six-digit code your authenticator app shows for Itrust.').waitFor();
  expect(await target.getByRole('button', { name: 'Resend code' }).count()).toBe(0);
}

describe('an authenticator app in Chromium', () => {
  it('is set up from Security after a step-up, with the key on the screen, and shows the recovery codes once', async () => {
    const { page, stack } = journey;
    await page.goto(`${stack.app.url}/security`);
    await page.getByRole('heading', { name: 'Authenticator app' }).waitFor();
    await shot(page, 'authenticator-off');
    secret = await setUpAuthenticator(page, 'authenticator-desktop', 'demo@example.com');
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByText(/On since/).waitFor();
    await page.reload();
    await page.getByText(/Recovery codes left: 10/).waitFor();
    expect(await page.getByRole('list', { name: 'Recovery codes' }).count()).toBe(0);
    await shot(page, 'authenticator-on');
  });

  it('is asked for at the next sign-in, and a code from it signs in', async () => {
    const { page } = journey;
    await signOutQuietly(page);
    await signInToSecondStep(page);
    await shot(page, 'authenticator-second-step');
    await typeCode(page, await freshCode(secret));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await waitForPath(page, '/portfolio');
    expect(journey.problems).toEqual([]);
  });

  it('on a 390×844 phone: a recovery code signs in once, then the app is removed and set up again', async () => {
    const phone = await journey.browser.newPage({ viewport: phoneSize });
    const problems = watchPageProblems(phone);
    await signInToSecondStep(phone);
    expect(await sidewaysOverflow(phone)).toBe(0);
    await phone.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await phone.getByLabel('Recovery code').fill(recoveryCodes[0] ?? '');
    await shot(phone, 'authenticator-phone-recovery-code');
    await phone.getByRole('button', { name: 'Sign in' }).click();
    await waitForPath(phone, '/portfolio');

    await phone.goto(`${journey.stack.app.url}/security`);
    await phone.getByText(/Recovery codes left: 9/).waitFor();
    await phone.getByRole('button', { name: 'Remove the app' }).click();
    const removal = phone.getByRole('form', { name: 'Remove the authenticator app' });
    await removal.getByLabel('Current password').fill(journey.stack.demoPassword);
    await removal.getByRole('button', { name: 'Remove', exact: true }).click();
    await phone.getByRole('button', { name: 'Set up an authenticator app' }).waitFor();
    secret = await setUpAuthenticator(phone, 'authenticator-phone');
    expect(problems).toEqual([]);
    await phone.close();
  });

  it('sends an operator with only emailed codes to Security, and opens the console once the app is set up', async () => {
    const operator = await journey.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const problems = watchPageProblems(operator);
    const signIn = new SignInPage(operator);
    await signIn.open(journey.stack.app.url);
    await signIn.signIn('ops@example.com', journey.stack.operatorPassword);
    await waitForPath(operator, '/otp');
    await typeCode(operator, await codeFromOutbox(journey.stack.dataDir, 'ops@example.com', 'sign-in code', new Set()));
    await operator.getByRole('button', { name: 'Sign in' }).click();
    await waitForPath(operator, '/admin');
    await operator.getByRole('heading', { name: 'Set up an authenticator app or a passkey first' }).waitFor();
    await operator
      .getByText('Operators must use an authenticator app or a passkey: set one up in Settings → Security.')
      .waitFor();
    await shot(operator, 'authenticator-operator-refused');
    await operator.getByRole('link', { name: 'Open Settings → Security' }).click();
    await waitForPath(operator, '/security');
    operatorSecret = await setUpAuthenticator(operator, 'authenticator-operator');
    await operator.goto(`${journey.stack.app.url}/admin`);
    await operator.getByRole('tab', { name: 'Identity checks' }).waitFor();
    expect(problems).toEqual([]);
    await operator.close();
  });

  it("shows the operator an account holder's own change in the audit log as theirs, on desktop and phone", async () => {
    await demoAddsDestination();
    const operator = await journey.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const problems = watchPageProblems(operator);
    await new SignInPage(operator).open(journey.stack.app.url);
    await new SignInPage(operator).signIn('ops@example.com', journey.stack.operatorPassword);
    await waitForPath(operator, '/otp');
    await typeCode(operator, await freshCode(operatorSecret));
    await operator.getByRole('button', { name: 'Sign in' }).click();
    await waitForPath(operator, '/admin');
    await operator.getByRole('tab', { name: 'Audit log' }).click();
    const log = operator.getByRole('region', { name: 'Audit log' });
    const change = log.getByRole('row').filter({ hasText: 'payment_method.added' });
    await change.getByText('Account holder', { exact: true }).waitFor();
    expect(await change.getByText('demo@example.com').count()).toBe(1);
    expect(await change.getByText('Operator', { exact: true }).count()).toBe(0);
    await shot(operator, 'authenticator-audit-log');

    await operator.getByRole('radio', { name: 'Operators' }).click();
    await log.getByText('payment_method.added').waitFor({ state: 'detached' });
    await operator.getByRole('radio', { name: 'Account holders' }).click();
    await log.getByText('payment_method.added').waitFor();
    await operator.setViewportSize(phoneSize);
    await log.getByRole('listitem').filter({ hasText: 'payment_method.added' }).getByText('Account holder').waitFor();
    expect(await sidewaysOverflow(operator)).toBe(0);
    await shot(operator, 'authenticator-audit-log-phone');
    expect(problems).toEqual([]);
    await operator.close();
  });
});
