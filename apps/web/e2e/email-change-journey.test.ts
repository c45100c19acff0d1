import { messages } from '@itrust/contracts/auth-rules';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  launchChromium,
  messageBeside,
  phoneWithSessionOf,
  sidewaysOverflow,
  watchPageProblems,
} from './support/browser.ts';
import { codeInBoxes, typeCode } from './support/code-boxes.ts';
import { shot, waitForPath } from './support/journey.ts';
import { codeFromOutbox, mailFromOutbox } from './support/outbox.ts';
import { failedShotName, SignInPage } from './support/sign-in-page.ts';
import { startStack, type Stack } from './support/stack.ts';
import { confirmItIsYou } from './support/step-up.ts';
import { signInFrom } from './support/investor.ts';
import { freePort } from './support/free-port.ts';

const oldEmail = 'demo@example.com';
const newEmail = 'demo.moved@example.com';
const newPassword = 'taken back by its owner 2026';
const phoneSize = { width: 390, height: 844 };

let stack: Stack;
let browser: Browser;
let page: Page;
let phone: Page;
let problems: string[];
let undoLink: URL;
const seenMail = new Set<string>();

/** A full-page screenshot from the top, so that the sticky header is where a person sees it. */
const pageShot = async (target: Page, name: string) => {
  await target.evaluate(() => window.scrollTo(0, 0));
  await shot(target, name);
};
/** Signs `page` in through its form and returns the status of the sign-in call, once it has come back. */
const signInStatus = async (login: string, password: string) => {
  const signIn = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/user/login');
  await new SignInPage(page).signIn(login, password);
  return (await signIn).status();
};
const codeBoxes = (target: Page, sentTo: string) => target.getByRole('group', { name: `Code sent to ${sentTo}` });

/** How far the code boxes reach past the right edge of the buttons below them, which span the card's width. */
const reachPastCard = async (target: Page) => {
  const lastBox = await target.getByLabel('Digit 6 of 6').boundingBox();
  const button = await target.getByRole('button', { name: 'Sign in' }).boundingBox();
  return (lastBox?.x ?? 0) + (lastBox?.width ?? 0) - ((button?.x ?? 0) + (button?.width ?? 0));
};

beforeAll(async () => {
  const port = await freePort();
  // Chromium starts while the app does: neither needs the other until the first page.
  await Promise.all([
    startStack('email-change', { PORT: String(port), APP_URL: `http://127.0.0.1:${port}` }).then(
      (started) => (stack = started),
    ),
    launchChromium().then((launched) => (browser = launched)),
  ]);
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  problems = watchPageProblems(page);
});

afterAll(async () => {
  await browser.close();
  await stack.stop();
});

afterEach(async (context) => {
  if (context.task.result?.state === 'fail') await shot(page, failedShotName(context.task.name));
});

describe('email change in Chromium', () => {
  it('asks for the current password once the address changes, and refuses a wrong one', async () => {
    await new SignInPage(page).open(stack.app.url);
    await new SignInPage(page).signIn(oldEmail, stack.demoPassword);
    await waitForPath(page, '/portfolio');
    await page.goto(`${stack.app.url}/profile`);
    await page.getByRole('heading', { name: 'My profile', level: 2 }).waitFor();
    const password = page.getByLabel('Current password');
    expect(await password.count()).toBe(0);

    await page.getByLabel('Email address').fill(newEmail);
    await password.waitFor();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => password.getAttribute('aria-invalid')).toBe('true');
    expect(await messageBeside(password)).toBe('Enter your current password to change your email address.');

    await password.fill('not the password');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    // A new email needs a recent second step: the dialog asks for it, then the change goes on.
    await confirmItIsYou(page, stack.dataDir, oldEmail, seenMail);
    await expect.poll(() => messageBeside(password)).toBe('The password is incorrect.');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('current_password');
    // Scrolled to by the focus, the field shows below the sticky header rather than under it.
    const header = await page.locator('header').first().boundingBox();
    expect((await password.boundingBox())?.y).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0));
    expect(await codeBoxes(page, newEmail).count()).toBe(0);
    await pageShot(page, 'email-change-wrong-password-desktop');

    await password.fill(stack.demoPassword);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page
      .getByText(
        `Profile updated. We sent a code to ${newEmail} and another to your current address: ` +
          'your email changes once you enter both.',
      )
      .waitFor();
    await codeBoxes(page, newEmail).waitFor();
    await codeBoxes(page, oldEmail).waitFor();
    // Until both codes are in, the field shows the address in use, and saving other fields asks no password.
    expect(await page.getByLabel('Email address').inputValue()).toBe(oldEmail);
    expect(await password.count()).toBe(0);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Profile updated.', { exact: true }).waitFor();
    await pageShot(page, 'email-change-codes-desktop');
  });

  it('shows the two code boxes on a 390×844 phone without sideways overflow', async () => {
    phone = await phoneWithSessionOf(browser, page, stack.app.url);
    await phone.goto(`${stack.app.url}/profile`);
    await codeBoxes(phone, oldEmail).scrollIntoViewIfNeeded();
    expect(await sidewaysOverflow(phone)).toBeLessThanOrEqual(0);
    // Each sixth box ends inside the panel's padding, not past its edge.
    for (const sentTo of [newEmail, oldEmail]) {
      const reach = await codeBoxes(phone, sentTo).evaluate((group) => {
        const panel = group.closest('form')?.getBoundingClientRect();
        const sixth = group.querySelector('[aria-label="Digit 6 of 6"]')?.getBoundingClientRect();
        return (
          (sixth?.right ?? Infinity) -
          ((panel?.right ?? 0) - Number.parseFloat(getComputedStyle(group.closest('form') ?? group).paddingRight))
        );
      });
      expect(reach).toBeLessThanOrEqual(0);
    }
    await pageShot(phone, 'email-change-codes-phone');
  });

  it('refuses a wrong code naming its box, then takes both codes and shows the new address', async () => {
    const newCode = await codeFromOutbox(stack.dataDir, newEmail, 'Confirm your new Itrust email address', seenMail);
    const currentCode = await codeFromOutbox(stack.dataDir, oldEmail, 'Confirm the change of your Itrust', seenMail);
    // A slip on the last digit: typed again, the first five digits go over the same ones.
    const wrongCode = currentCode.slice(0, 5) + String((Number(currentCode[5]) + 1) % 10);
    await typeCode(page, newCode, codeBoxes(page, newEmail));
    await typeCode(page, wrongCode, codeBoxes(page, oldEmail));
    await page.getByRole('button', { name: 'Confirm new email' }).click();
    await page.getByText(`Code sent to ${oldEmail}: The code is incorrect.`).waitFor();
    // The refused boxes say why beside themselves and take the focus; the other boxes are left as they were.
    const refusedBox = codeBoxes(page, oldEmail).getByLabel('Digit 1 of 6');
    await expect.poll(() => refusedBox.evaluate((box) => box === document.activeElement)).toBe(true);
    expect(await messageBeside(refusedBox)).toBe('The code is incorrect.');
    expect(await codeBoxes(page, newEmail).getByLabel('Digit 1 of 6').getAttribute('aria-invalid')).toBeNull();
    await pageShot(page, 'email-change-wrong-code-desktop');
    // Narrowed past the phone breakpoint and back (a turned tablet), the screen keeps what was typed.
    await page.setViewportSize({ width: 800, height: 900 });
    await page.getByRole('link', { name: '← Go back' }).waitFor();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('navigation', { name: 'Account settings' }).waitFor();
    expect(await codeInBoxes(codeBoxes(page, newEmail))).toBe(newCode);

    await typeCode(page, currentCode, codeBoxes(page, oldEmail));
    expect(await codeInBoxes(codeBoxes(page, oldEmail))).toBe(currentCode);
    expect(await codeInBoxes(codeBoxes(page, newEmail))).toBe(newCode);
    await page.getByRole('button', { name: 'Confirm new email' }).click();
    await page.getByText('Email address changed.').waitFor();
    expect(await codeBoxes(page, newEmail).count()).toBe(0);
    expect(await page.getByLabel('Email address').inputValue()).toBe(newEmail);
    expect(await page.getByLabel('Current password').count()).toBe(0);
    await page.reload();
    await page.getByRole('heading', { name: 'My profile', level: 2 }).waitFor();
    expect(await page.getByLabel('Email address').inputValue()).toBe(newEmail);
    await pageShot(page, 'email-change-done-desktop');

    const notice = await mailFromOutbox(stack.dataDir, oldEmail, 'Your Itrust email address was changed', seenMail);
    undoLink = new URL(/\S+\/undo-email-change#token=\S+/.exec(notice.text)?.[0] ?? '');
    expect(undoLink.origin).toBe(stack.app.url);
  });

  it('shows the undo screen on a 390×844 phone without sideways overflow, and checks what is typed there', async () => {
    const visitor = await browser.newPage({ viewport: phoneSize, isMobile: true, hasTouch: true });
    await visitor.goto(`${stack.app.url}/undo-email-change`);
    await visitor.getByText('This link is incomplete. Open it again from the email.').waitFor();
    expect(await visitor.getByRole('button', { name: 'Undo the change' }).isDisabled()).toBe(true);

    // A new load, as from the mail: on the same path, a new fragment alone would not reload the screen.
    await visitor.goto('about:blank');
    await visitor.goto(undoLink.href);
    await visitor.getByRole('heading', { name: 'Undo the email change' }).waitFor();
    await visitor.getByLabel('New password', { exact: true }).fill(newPassword);
    await visitor.getByLabel('Re-enter new password').fill(`${newPassword}!`);
    await visitor.getByRole('button', { name: 'Undo the change' }).click();
    await visitor.getByText(messages.passwordsDoNotMatch).waitFor();
    expect(await sidewaysOverflow(visitor)).toBeLessThanOrEqual(0);
    await pageShot(visitor, 'email-undo-phone');
    await visitor.close();
  });

  it('undoes the change from the old address, signs every session out, and signs in with the new password', async () => {
    await page.goto(undoLink.href);
    await page.getByRole('heading', { name: 'Undo the email change' }).waitFor();
    await pageShot(page, 'email-undo-desktop');
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Re-enter new password').fill(newPassword);
    await page.getByRole('button', { name: 'Undo the change' }).click();
    await page
      .getByText(
        `Your email address is back to ${oldEmail}. Every session has been signed out: sign in with your new password.`,
      )
      .waitFor();
    await pageShot(page, 'email-undo-done-desktop');
    await waitForPath(page, '/');

    // The phone's copy of the session was signed out too: its next call is refused and it lands on
    // sign-in inside the app, without loading the page again.
    await phone.goto(`${stack.app.url}/profile`);
    const pageLoads: string[] = [];
    phone.on('request', (sent) => {
      if (sent.resourceType() === 'document') pageLoads.push(sent.url());
    });
    await waitForPath(phone, '/');
    await phone.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
    expect(pageLoads).toEqual([]);
    await phone.close();

    // Opened afresh, so that nothing is typed into the prerendered form the app then replaces.
    await new SignInPage(page).open(stack.app.url);
    expect(await signInStatus(newEmail, newPassword)).toBe(422);
    await page.getByText('These credentials do not match our records.').waitFor();
    expect(await signInStatus(oldEmail, stack.demoPassword)).toBe(422);
    await page.getByText('These credentials do not match our records.').waitFor();
    expect(await signInStatus(oldEmail, newPassword)).toBe(200);
    await waitForPath(page, '/portfolio');
    await page.goto(`${stack.app.url}/profile`);
    await page.getByRole('heading', { name: 'My profile', level: 2 }).waitFor();
    expect(await page.getByLabel('Email address').inputValue()).toBe(oldEmail);
    expect(problems).toEqual([]);
  });
});

// The demo investor's password is now the one the undo above set.
describe('sign-in after many wrong passwords from elsewhere', () => {
  it('asks a new browser for the emailed code, says why, and keeps it on /otp until the code is in', async () => {
    for (let attempt = 0; attempt < 10; attempt += 1)
      expect(await signInFrom(stack, '127.0.0.2', oldEmail, `a guess ${attempt}`)).toBe(422);
    await mailFromOutbox(stack.dataDir, oldEmail, 'Failed sign-ins on your Itrust account', seenMail);

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const fresh = await context.newPage();
    const freshProblems = watchPageProblems(fresh);
    const refused: string[] = [];
    fresh.on('response', (response) => {
      if (response.status() === 403) refused.push(response.url());
    });
    await new SignInPage(fresh).open(stack.app.url);
    await new SignInPage(fresh).signIn(oldEmail, newPassword);
    await waitForPath(fresh, '/otp');
    await fresh
      .getByText(
        `Enter the six-digit sign-in code we sent to ${oldEmail}. ` +
          'We ask for it because of recent failed sign-ins on your account.',
      )
      .waitFor();
    await pageShot(fresh, 'sign-in-second-step-desktop');
    expect(await reachPastCard(fresh)).toBeLessThanOrEqual(0);
    await fresh.setViewportSize(phoneSize);
    expect(await reachPastCard(fresh)).toBeLessThanOrEqual(0);
    await pageShot(fresh, 'sign-in-second-step-phone');
    expect(await sidewaysOverflow(fresh)).toBeLessThanOrEqual(0);
    await fresh.setViewportSize({ width: 1280, height: 900 });

    // Sent to /portfolio by its address, the waiting sign-in comes back to the code; `/` shows the sign-in screen.
    await fresh.goto(`${stack.app.url}/portfolio`);
    await waitForPath(fresh, '/otp');
    await fresh.goto(stack.app.url);
    await fresh.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
    expect(new URL(fresh.url()).pathname).toBe('/');
    await fresh.goto(`${stack.app.url}/otp`);
    expect(refused).toEqual([]);

    await typeCode(fresh, await codeFromOutbox(stack.dataDir, oldEmail, 'sign-in code', seenMail));
    await fresh.getByRole('button', { name: 'Sign in' }).click();
    await waitForPath(fresh, '/portfolio');
    await fresh.getByRole('heading', { name: 'Portfolio' }).waitFor();
    expect(refused).toEqual([]);
    expect(freshProblems).toEqual([]);
    await context.close();
  });
});
