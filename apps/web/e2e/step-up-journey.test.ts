import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshCode, post, secretFromScreen } from './support/authenticator.ts';
import { phoneWithSessionOf, sidewaysOverflow, watchPageProblems } from './support/browser.ts';
import { typeCode } from './support/code-boxes.ts';
import { browserJourney, shot, type Journey } from './support/journey.ts';
import { confirmItIsYou } from './support/step-up.ts';
import { freePort } from './support/free-port.ts';

/**
 * A step-up with the authenticator app: the demo investor turns the app on, and from then on the
 * dialog of a risky change asks for its code (or a recovery code), on the desktop and on a phone,
 * over the withdrawal's confirmation too.
 */
let journey: Journey;
let secret = '';
let recoveryCodes: string[] = [];

const env: Record<string, string> = {};
beforeAll(async () => {
  const port = String(await freePort());
  Object.assign(env, { PORT: port, APP_URL: `http://localhost:${port}` });
});
browserJourney('step-up', { env, viewport: { width: 1280, height: 800 } }, (ready) => (journey = ready));

const stepUpDialog = (target: Page) => target.getByRole('dialog', { name: 'Confirm it is you' });
const tab = (target: Page, name: string) => target.getByRole('tab', { name }).click();
/** Five minutes go by: the product has no way to wait them, so the session's second step moves back. */
const stepUpGoesStale = () =>
  journey.stack.sql("update access_tokens set second_step_at = second_step_at - interval '6 minutes'");

async function turnOnAuthenticator(target: Page) {
  await target.goto(`${journey.stack.app.url}/security`);
  await target.getByRole('button', { name: 'Set up an authenticator app' }).click();
  // Setting up a strong method may itself ask for a step-up (by email, the method the user has so far).
  const secretShown = target.getByTestId('authenticator-secret');
  await Promise.race([secretShown.waitFor(), stepUpDialog(target).waitFor()]);
  if (await stepUpDialog(target).isVisible()) await confirmItIsYou(target, journey.stack.dataDir, 'demo@example.com');
  secret = secretFromScreen((await secretShown.textContent()) ?? '');
  await typeCode(target, await freshCode(secret));
  await target.getByRole('button', { name: 'Turn on' }).click();
  const list = target.getByRole('list', { name: 'Recovery codes' });
  await list.waitFor();
  recoveryCodes = (await list.getByRole('listitem').allTextContents()).map((code) => code.trim());
  await target.getByRole('button', { name: 'I have saved them' }).click();
  await target.getByText(/On since/).waitFor();
}

/**
 * Removes the app and sets it up again by the API, as a person moving to a new phone would: the new
 * secret's codes are all unused, where a fourth code for the first secret would wait for the clock.
 */
async function setUpAppAgain(target: Page) {
  const { stack } = journey;
  const token = (await target.evaluate(() => sessionStorage.getItem('accessToken'))) ?? '';
  await post(stack, '/user/authenticator/remove', { password: stack.demoPassword }, token);
  secret = String((await post(stack, '/user/authenticator', {}, token)).data['secret']);
  const confirmed = await post(stack, '/user/authenticator/confirm', { code: await freshCode(secret) }, token);
  recoveryCodes = confirmed.data['recovery_codes'] as string[];
}

async function addBankAccount(target: Page, bankName: string) {
  // The phone has a page of its own for withdrawals; the desktop a tab beside the balance.
  const phone = (target.viewportSize()?.width ?? 0) < 640;
  await target.goto(`${journey.stack.app.url}${phone ? '/withdraw' : '/cash'}`);
  if (!phone) await tab(target, 'withdraw');
  await target.getByTestId('payment-method-card').waitFor();
  await target.getByRole('button', { name: 'Edit details' }).click();
  await target.getByLabel('Account Number').fill('55779911');
  await target.getByLabel('Account Name').fill('Demo Investor');
  await target.getByLabel('Bank Name').fill(bankName);
  await target.getByLabel('Bank Code/Routing Number').fill('20-00-00');
  await target.getByLabel('Bank Address').fill('2 Lombard Street, London');
  await target.getByRole('button', { name: 'Save' }).click();
}

/** The dialog asks for the app's code: no emailed code is offered. */
async function expectAppCodeAsked(dialog: Locator) {
  await dialog.getByLabel('Code from your authenticator app').waitFor();
  expect(await dialog.getByRole('button', { name: 'Email me a code' }).count()).toBe(0);
  expect(await dialog.getByRole('button', { name: 'Use a recovery code instead' }).count()).toBe(1);
}

async function requestWithdrawal(target: Page, bankName: string) {
  await target.getByLabel('Amount').fill('2000');
  await target.getByRole('button', { name: 'Withdraw' }).click();
  const confirm = target.getByRole('dialog', { name: 'confirm withdrawal request' });
  await confirm.getByText(`${bankName} 55779911`).waitFor();
  await confirm.getByRole('button', { name: 'Confirm' }).click();
}

describe('a step-up with the authenticator app in Chromium', () => {
  it('asks for the app code to add a destination, which can then be used at once', async () => {
    const { page } = journey;
    await turnOnAuthenticator(page);
    await stepUpGoesStale();
    await addBankAccount(page, 'Second Example Bank');
    const dialog = stepUpDialog(page);
    await expectAppCodeAsked(dialog);
    await dialog.getByLabel('Code from your authenticator app').fill(await freshCode(secret));
    await shot(page, 'step-up-app-code-desktop');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('payment-method-card').getByText('Second Example Bank').waitFor();
    expect(await page.getByTestId('usable-from').count()).toBe(0);
  });

  it('opens the dialog over the withdrawal confirmation once the step-up is older than 5 minutes', async () => {
    const { page } = journey;
    // Taken before the dialog opens: should the code have to wait for the clock, the wait comes first.
    const code = await freshCode(secret);
    await stepUpGoesStale();
    await requestWithdrawal(page, 'Second Example Bank');
    const dialog = stepUpDialog(page);
    await expectAppCodeAsked(dialog);
    await shot(page, 'step-up-withdrawal-desktop');
    await dialog.getByLabel('Code from your authenticator app').fill(code);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Withdrawal request received.').waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    expect(journey.problems).toEqual([]);
  });

  it('on a 390×844 phone: the app code adds a destination, a recovery code confirms the withdrawal', async () => {
    await setUpAppAgain(journey.page);
    const phone = await phoneWithSessionOf(journey.browser, journey.page, journey.stack.app.url);
    const problems = watchPageProblems(phone);
    await stepUpGoesStale();
    await addBankAccount(phone, 'Third Example Bank');
    const dialog = stepUpDialog(phone);
    await expectAppCodeAsked(dialog);
    await dialog.getByLabel('Code from your authenticator app').fill(await freshCode(secret));
    expect(await sidewaysOverflow(phone)).toBeLessThanOrEqual(0);
    await shot(phone, 'step-up-app-code-phone');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'detached' });
    await phone.getByTestId('payment-method-card').getByText('Third Example Bank').waitFor();

    await stepUpGoesStale();
    await requestWithdrawal(phone, 'Third Example Bank');
    await dialog.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await dialog.getByLabel('Recovery code').fill(recoveryCodes[0] ?? '');
    expect(await sidewaysOverflow(phone)).toBeLessThanOrEqual(0);
    await shot(phone, 'step-up-recovery-code-phone');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await phone.getByText('Withdrawal request received.').waitFor();
    expect(problems).toEqual([]);
    await phone.close();
  });

  it('offers a passkey the user has, and a step-up with it lets a new destination be used at once', async () => {
    const { page } = journey;
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    await page.goto(`${journey.stack.app.url}/security`);
    await page.getByLabel('Passkey name').fill('Laptop');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    const added = page.getByText('Passkey added.');
    await Promise.race([added.waitFor(), stepUpDialog(page).waitFor()]);
    if (await stepUpDialog(page).isVisible()) {
      await stepUpDialog(page)
        .getByLabel('Code from your authenticator app')
        .fill(await freshCode(secret));
      await stepUpDialog(page).getByRole('button', { name: 'Confirm' }).click();
    }
    await added.waitFor();

    await stepUpGoesStale();
    await addBankAccount(page, 'Fourth Example Bank');
    const dialog = stepUpDialog(page);
    await dialog.getByRole('button', { name: 'Use a passkey' }).waitFor();
    await shot(page, 'step-up-passkey-desktop');
    await dialog.getByRole('button', { name: 'Use a passkey' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('payment-method-card').getByText('Fourth Example Bank').waitFor();
    expect(await page.getByTestId('usable-from').count()).toBe(0);
    expect(journey.problems).toEqual([]);
  });
});
