import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it, type ExpectStatic } from 'vitest';
import { phoneWithSessionOf } from './support/browser.ts';
import { freshCode, operatorSession } from './support/authenticator.ts';
import { typeCode } from './support/code-boxes.ts';
import { SignInPage } from './support/sign-in-page.ts';
import type { Stack } from './support/stack.ts';
import { browserJourney, painted } from './support/journey.ts';

let stack: Stack;
let browser: Browser;
let page: Page;

browserJourney(
  'accessibility',
  { viewport: { width: 1280, height: 900 } },
  (ready) => ({ stack, browser, page } = ready),
);

const axeSource = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type Violation = { id: string; impact: string | null; help: string; targets: string[] };

/**
 * What axe-core finds against WCAG 2.1 A and AA on the page as it is now. Run through the DevTools
 * protocol (page.evaluate), which the app's Content-Security-Policy does not govern.
 */
async function violationsOn(target: Page): Promise<Violation[]> {
  await target.evaluate(await axeSource);
  return target.evaluate(async () => {
    const { axe } = window as unknown as {
      axe: {
        run: (
          context: Document,
          options: object,
        ) => Promise<{
          violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
        }>;
      };
    };
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  });
}

/**
 * Opens a screen, waits for what says it has its data, and lists what axe finds there. The tests
 * that audit run at once, so each passes its own `expect` (expect.poll needs to know its test).
 */
async function audit(target: Page, address: string, settled: (screen: Page) => Promise<unknown>, check: ExpectStatic) {
  await target.goto(`${stack.app.url}${address}`);
  await settled(target);
  await check
    .poll(() =>
      target
        .getByText(/^Loading/)
        .filter({ visible: true })
        .count(),
    )
    .toBe(0);
  await painted(target);
  return { address, violations: await violationsOn(target) };
}

const heading = (name: string | RegExp) => (screen: Page) => screen.getByRole('heading', { name, level: 1 }).waitFor();
const shown = (testId: string) => (screen: Page) => screen.getByTestId(testId).first().waitFor();
const historyTab = (name: string, testId: string) => async (screen: Page) => {
  await screen.getByRole('tab', { name }).click();
  await shown(testId)(screen);
};
const panel = (name: string) => (screen: Page) => screen.getByRole('heading', { name, level: 2 }).waitFor();

/** The signed-in screens, each with what shows once its data is in. */
const investorScreens: [string, (screen: Page) => Promise<unknown>][] = [
  ['/portfolio', shown('net-worth-chart')],
  ['/market', (screen) => screen.locator('tbody tr[data-symbol]').first().waitFor()],
  ['/asset/Apple%20Inc./AAPL', shown('asset-price')],
  ['/cash', shown('transaction-row')],
  ['/deposit', heading(/deposit/i)],
  ['/transfer', heading(/transfer/i)],
  ['/withdraw', heading(/withdraw/i)],
  ['/savings', shown('savings-card')],
  ['/openaccount', shown('offering-card')],
  ['/contribute/ROTH%20IRA', (screen) => screen.getByLabel('Amount').waitFor()],
  ['/history', shown('trade-history')],
  ['/history', historyTab('Transaction History', 'transaction-row')],
  ['/history', historyTab('Savings History', 'savings-history')],
  ['/auto', shown('auto-weights')],
  ['/user', heading(/settings/i)],
  ['/profile', panel('My profile')],
  ['/security', panel('Security')],
  ['/alerts', panel('Notification preference')],
  ['/currency', panel('Currency preference')],
  ['/kyc', panel('KYC verification')],
];

describe('accessibility (axe-core, WCAG 2.1 A and AA)', () => {
  // The first three each use pages of their own (the investor's two share only the session): they run at once.
  it.concurrent('finds nothing on the signed-out screens', async ({ expect }) => {
    const visitor = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const found = [
      await audit(visitor, '/', heading('Sign in'), expect),
      await audit(visitor, '/signup', heading(/sign up|create/i), expect),
      await audit(visitor, '/reset-password', heading(/password/i), expect),
      await audit(visitor, '/info/faq', (screen) => screen.getByRole('heading').first().waitFor(), expect),
      await audit(visitor, '/info/terms', (screen) => screen.getByRole('heading').first().waitFor(), expect),
      await audit(visitor, '/info/privacy', (screen) => screen.getByRole('heading').first().waitFor(), expect),
    ];
    await visitor.close();
    expect(found.filter((screen) => screen.violations.length > 0)).toEqual([]);
  });

  it.concurrent("finds nothing on the investor's screens, on a desktop and on a 390×844 phone", async ({ expect }) => {
    const phone = await phoneWithSessionOf(browser, page, stack.app.url);
    const auditAll = async (target: Page) => {
      const found = [];
      for (const [address, settled] of investorScreens) found.push(await audit(target, address, settled, expect));
      return found;
    };
    // The two pages are independent: both go through the screens at once.
    const found = (await Promise.all([auditAll(page), auditAll(phone)])).flat();
    await phone.close();
    expect(found.filter((screen) => screen.violations.length > 0)).toEqual([]);
  });

  it.concurrent("finds nothing on the operator's console", async ({ expect }) => {
    const { secret } = await operatorSession(stack, new Set());
    const operator = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await new SignInPage(operator).open(stack.app.url);
    await new SignInPage(operator).signIn('ops@example.com', stack.operatorPassword);
    await operator.waitForURL((url) => url.pathname === '/otp');
    const secondStep = { address: '/otp', violations: await violationsOn(operator) };
    await typeCode(operator, await freshCode(secret));
    await operator.getByRole('button', { name: 'Sign in' }).click();
    await operator.waitForURL((url) => url.pathname === '/admin');
    const found = [
      secondStep,
      await audit(operator, '/admin', (screen) => screen.getByRole('heading').first().waitFor(), expect),
    ];
    await operator.getByRole('tab', { name: 'Users' }).click();
    await operator.getByLabel('Find an investor by email, username or name').fill('demo@');
    await operator.getByRole('button', { name: /demo@example\.com/ }).click();
    await operator.getByRole('region', { name: 'Investor' }).waitFor();
    found.push({ address: '/admin, Users, an investor chosen', violations: await violationsOn(operator) });
    await operator.getByRole('tab', { name: 'Audit log' }).click();
    await operator.getByText(/Nothing in the audit log yet\.|entr(y|ies) · page/).waitFor();
    found.push({ address: '/admin, Audit log', violations: await violationsOn(operator) });
    await operator.close();
    expect(found.filter((screen) => screen.violations.length > 0)).toEqual([]);
  });

  it('finds nothing in the states a user steps into: refused forms, confirm dialogs, the phone menu', async () => {
    const found: { address: string; violations: Violation[] }[] = [];
    const check = async (target: Page, state: string) =>
      found.push({ address: state, violations: await violationsOn(target) });

    const visitor = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const signIn = new SignInPage(visitor);
    await signIn.open(stack.app.url);
    await signIn.signIn('demo@example.com', 'not the password');
    await visitor.getByRole('alert').first().waitFor();
    await check(visitor, 'sign-in refused');
    await visitor.close();

    await page.goto(`${stack.app.url}/market`);
    const form = page.getByRole('region', { name: 'Trade' });
    await form.getByRole('button', { name: 'Buy', exact: true }).click();
    await form.getByText('Amount required!').waitFor();
    await check(page, 'trade form refused');
    await form.getByLabel('Asset', { exact: true }).selectOption({ label: 'Adobe Inc. (ADBE)' });
    await form.getByLabel('Amount ($)').fill('1000');
    await form.getByRole('button', { name: 'Buy', exact: true }).click();
    await page.getByRole('dialog', { name: 'confirm buy' }).waitFor();
    await check(page, 'confirm buy dialog');

    await page.goto(`${stack.app.url}/savings`);
    await page.getByRole('link', { name: 'cash out from ROTH IRA' }).click();
    await page.getByLabel('Amount').waitFor();
    await check(page, 'cash-out form');

    await page.goto(`${stack.app.url}/cash`);
    await page.getByRole('tab', { name: 'deposit' }).click();
    await page.getByLabel('Amount').fill('1500');
    await page.getByTestId('deposit-qr').locator('svg').waitFor();
    await check(page, 'deposit form');
    await page.getByRole('button', { name: 'I have made payment' }).click();
    await page.getByRole('dialog', { name: 'confirm deposit request' }).waitFor();
    await check(page, 'confirm deposit dialog');

    const phone = await phoneWithSessionOf(browser, page, stack.app.url);
    await phone.goto(`${stack.app.url}/portfolio`);
    await phone.getByRole('button', { name: 'Open menu' }).click();
    await phone.getByRole('navigation', { name: 'All sections' }).waitFor();
    await check(phone, 'phone menu');
    await phone.close();
    expect(found.filter((state) => state.violations.length > 0)).toEqual([]);
  });

  it('moves between tabs with the arrow keys, Home and End, each tab list one stop of the Tab key', async () => {
    await page.goto(`${stack.app.url}/history`);
    const list = page.getByRole('tablist', { name: 'History tabs' });
    const focusedTab = () =>
      page.evaluate(() =>
        document.activeElement?.getAttribute('role') === 'tab' ? document.activeElement.textContent : null,
      );
    await list.getByRole('tab').first().click();
    const names = await list.getByRole('tab').allTextContents();
    expect(names).toHaveLength(4);
    expect(await focusedTab()).toBe(names[0]);
    await page.keyboard.press('ArrowRight');
    await list.getByRole('tab', { name: names[1], selected: true }).waitFor();
    expect(await focusedTab()).toBe(names[1]);
    await page.keyboard.press('End');
    expect(await focusedTab()).toBe(names.at(-1));
    await page.keyboard.press('ArrowRight');
    expect(await focusedTab()).toBe(names[0]);
    await page.keyboard.press('ArrowLeft');
    expect(await focusedTab()).toBe(names.at(-1));
    await page.keyboard.press('Home');
    await list.getByRole('tab', { name: names[0], selected: true }).waitFor();
    // Tab leaves the list from its chosen tab instead of stepping through the others.
    await page.keyboard.press('Tab');
    expect(await focusedTab()).toBeNull();
    await page.keyboard.press('Shift+Tab');
    expect(await focusedTab()).toBe(names[0]);
  });

  it('keeps the keyboard inside a dialog and gives the focus back on Escape', async () => {
    await page.goto(`${stack.app.url}/market`);
    const form = page.getByRole('region', { name: 'Trade' });
    await form.getByLabel('Asset', { exact: true }).selectOption({ label: 'Adobe Inc. (ADBE)' });
    await form.getByLabel('Amount ($)').fill('1000');
    await form.getByRole('button', { name: 'Buy', exact: true }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'confirm buy' });
    await dialog.waitFor();
    const focused = () =>
      page.evaluate(() => ({
        inDialog: Boolean(document.activeElement?.closest('[role="dialog"]')),
        text: document.activeElement?.textContent ?? '',
      }));
    expect(await focused()).toEqual({ inDialog: true, text: 'Close' });
    for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect((await focused()).inDialog, key).toBe(true);
    }
    await page.keyboard.press('Tab');
    expect(await focused()).toEqual({ inDialog: true, text: 'Confirm' });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Buy');
  });

  it("opens and closes the phone menu and a row's actions from the keyboard, the focus where it belongs", async () => {
    const activeName = (target: Page) =>
      target.evaluate(() => {
        const active = document.activeElement;
        return active?.getAttribute('role') === 'menuitem' ? `menuitem ${active.textContent}` : active?.textContent;
      });

    await page.goto(`${stack.app.url}/cash`);
    const actions = page.getByRole('button', { name: 'Actions for this deposit' }).first();
    await actions.focus();
    await page.keyboard.press('Enter');
    expect(await activeName(page)).toBe('menuitem cancel');
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    expect(await activeName(page)).toBe('Actions for this deposit⋯');

    const phone = await phoneWithSessionOf(browser, page, stack.app.url);
    await phone.goto(`${stack.app.url}/portfolio`);
    await phone.getByRole('button', { name: 'Open menu' }).focus();
    await phone.keyboard.press('Enter');
    await phone.getByRole('navigation', { name: 'All sections' }).waitFor();
    await phone.keyboard.press('Escape');
    await phone.getByRole('navigation', { name: 'All sections' }).waitFor({ state: 'detached' });
    expect(await activeName(phone)).toBe('Open menu☰');
    await phone.close();
  });
});
