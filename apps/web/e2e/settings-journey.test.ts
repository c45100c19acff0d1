import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, phoneWithSessionOf, sidewaysOverflow, watchPageProblems } from './support/browser.ts';
import { typeCode } from './support/code-boxes.ts';
import { codeFromOutbox } from './support/outbox.ts';
import { chooseOption } from './support/select.ts';
import type { RunningApp } from './support/server.ts';
import { SignInPage } from './support/sign-in-page.ts';
import { signOutQuietly } from './support/sign-out.ts';
import { confirmItIsYou } from './support/step-up.ts';
import { startStack, type Stack } from './support/stack.ts';
import { shot, waitForPath } from './support/journey.ts';

let stack: Stack;
let dataDir: string;
let app: RunningApp;
let browser: Browser;
let page: Page;
let problems: string[];
let demoPassword: string;
const images = { front: '', back: '' };
const seenMail = new Set<string>();

const panelHeading = (target: Page, name: string) => target.getByRole('heading', { name, level: 2 });

async function signInAsDemo(target: Page) {
  await new SignInPage(target).open(app.url);
  await new SignInPage(target).signIn('demo@example.com', demoPassword);
}

beforeAll(async () => {
  // Chromium starts while the app does: neither needs the other until the first page.
  await Promise.all([
    startStack('settings').then((started) => (stack = started)),
    launchChromium().then((launched) => (browser = launched)),
  ]);
  ({ app, dataDir, demoPassword } = stack);
  // The demo investor's identity is approved in the demo data; this journey is one of an investor's first days.
  await stack.sql("update users set kyc = 'pending' where email = 'demo@example.com'");
  images.front = path.join(dataDir, 'licence-front.jpg');
  images.back = path.join(dataDir, 'licence-back.png');
  await writeFile(
    images.front,
    await sharp({ create: { width: 600, height: 380, channels: 3, background: { r: 30, g: 80, b: 140 } } })
      .jpeg()
      .toBuffer(),
  );
  await writeFile(
    images.back,
    await sharp({ create: { width: 600, height: 380, channels: 3, background: { r: 230, g: 230, b: 220 } } })
      .png()
      .toBuffer(),
  );
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  problems = watchPageProblems(page);
});

afterAll(async () => {
  await browser.close();
  await stack.stop();
});

afterEach(async (context) => {
  if (context.task.result?.state === 'fail')
    await shot(page, `failed-${context.task.name.slice(0, 40).replace(/\W+/g, '-')}`);
});

describe('account settings in Chromium', () => {
  it('opens the hub with the KYC panel first while identity is pending', async () => {
    expect(demoPassword).not.toBe('');
    await signInAsDemo(page);
    await waitForPath(page, '/portfolio');
    await page.getByRole('link', { name: 'Verify your identity.' }).click();
    await waitForPath(page, '/user');
    await panelHeading(page, 'KYC verification').waitFor();
    const entries = await page
      .getByRole('navigation', { name: 'Account settings' })
      .getByRole('link')
      .allTextContents();
    expect(entries).toEqual([
      'My profile',
      'Security',
      'Notification preferences',
      'Currency preferences',
      'KYC verification',
    ]);
    await page.getByText('@demo').waitFor();
  });

  it('edits the profile and still shows the change after a reload', async () => {
    await page.getByRole('link', { name: 'My profile' }).click();
    await panelHeading(page, 'My profile').waitFor();
    // A field the server refuses says so beside itself, takes the focus, and clears once edited.
    const phone = page.getByLabel('Phone number');
    await phone.fill('call me');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    const phoneRule = 'Enter a phone number of 7 to 15 digits, like +44 20 7946 0958.';
    await expect.poll(() => phone.getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('phone');
    const describedBy = (await phone.getAttribute('aria-describedby')) ?? '';
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(phoneRule);
    await phone.fill('+44 20 7946 1234');
    expect(await phone.getAttribute('aria-invalid')).toBeNull();
    await page.getByLabel('Residential address').fill('10 Downing Street');
    await chooseOption(page, 'City', 'Manchester');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Profile updated.').waitFor();
    await page.reload();
    await panelHeading(page, 'My profile').waitFor();
    expect(await page.getByLabel('Phone number').inputValue()).toBe('+44 20 7946 1234');
    expect(await page.getByLabel('Residential address').inputValue()).toBe('10 Downing Street');
    // The city's name shows once the state's list of cities has loaded.
    await expect.poll(() => page.getByRole('button', { name: /^City/ }).textContent()).toContain('Manchester');
    await shot(page, 'settings-profile-desktop');
  });

  it('uploads two images, sees Document Submitted with their names, cancels and sees the form again', async () => {
    await page.getByRole('link', { name: 'KYC verification' }).click();
    await panelHeading(page, 'KYC verification').waitFor();
    await page.getByRole('button', { name: 'Submit documents' }).click();
    await page.getByText('Please complete all fields and upload both front and back ID images.').waitFor();
    // Each missing part says so beside itself, and the focus goes to the first of them.
    for (const message of [
      'Add a photo of the front of your ID.',
      'Add a photo of the back of your ID.',
      'Choose the type of your ID.',
      'Enter the number on your ID.',
    ])
      await page.getByText(message, { exact: true }).waitFor();
    const frontInput = page.getByLabel('Front of the ID', { exact: true });
    expect(await frontInput.getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Front of the ID');
    await page.getByLabel('Front of the ID', { exact: true }).setInputFiles(images.front);
    await page.getByLabel('Back of the ID', { exact: true }).setInputFiles(images.back);
    await page.getByAltText('Front of the ID preview').waitFor();
    await page.getByLabel('ID type').selectOption('drivers_license');
    await page.getByLabel('ID number').fill('DL-998877');
    // Given, each part stops saying it is missing.
    expect(await frontInput.getAttribute('aria-invalid')).toBeNull();
    expect(await page.getByLabel('ID number').getAttribute('aria-invalid')).toBeNull();
    expect(await page.getByText(/^(Add a photo|Choose the type|Enter the number)/).count()).toBe(0);
    await shot(page, 'settings-kyc-form');
    await page.getByRole('button', { name: 'Submit documents' }).click();
    await page.getByText('Document Submitted').waitFor();
    await page.getByText('licence-front.jpg').waitFor();
    await page.getByText('licence-back.png').waitFor();
    await page.getByText('Documents submitted. Our team will review them shortly.').waitFor();

    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Submit documents' }).waitFor();
    expect(await page.getByText('Document Submitted').count()).toBe(0);
  });

  it('says beside the old password when it is wrong, and moves the focus there', async () => {
    await page.getByRole('link', { name: 'Security' }).click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('old_password required!').waitFor();
    await page.getByLabel('Old password').fill('not my password at all');
    await page.getByLabel('New password', { exact: true }).fill('a brand new passphrase 2026');
    await page.getByLabel('Re-enter new password').fill('a different passphrase 2026');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Passwords do not match!').waitFor();
    const old = page.getByLabel('Old password');
    await old.fill('not my password at all');
    await page.getByLabel('New password', { exact: true }).fill('a brand new passphrase 2026');
    await page.getByLabel('Re-enter new password').fill('a brand new passphrase 2026');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    // A password change needs a recent second step: the dialog asks for it, then the change goes on.
    await confirmItIsYou(page, dataDir, 'demo@example.com', seenMail);
    await expect.poll(() => old.getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('old_password');
    const describedBy = (await old.getAttribute('aria-describedby')) ?? '';
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe('The old password is incorrect.');
  });

  it('switches two-factor on, and the next sign-in asks for a code', async () => {
    await page.getByRole('link', { name: 'Security' }).click();
    const toggle = page.getByRole('switch', { name: 'Two-factor sign-in' });
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await toggle.click();
    await page.getByText('Two-factor sign-in is on.').first().waitFor();
    await page.getByRole('switch', { name: 'Two-factor sign-in', checked: true }).waitFor();

    await signOutQuietly(page);
    await signInAsDemo(page);
    await waitForPath(page, '/otp');
    await typeCode(page, await codeFromOutbox(dataDir, 'demo@example.com', 'sign-in code', seenMail));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await waitForPath(page, '/portfolio');
    expect(problems).toEqual([]);
  });

  it('shows the list of settings and every panel on a 390×844 phone', async () => {
    const phone = await phoneWithSessionOf(browser, page, app.url);
    await phone.goto(`${app.url}/user`);
    const list = phone.getByRole('navigation', { name: 'Account settings' });
    await list.waitFor();
    expect(await list.getByRole('link').allTextContents()).toEqual([
      'My profile›',
      'Security›',
      'Notification preferences›',
      'Currency preferences›',
      'KYC verification›',
    ]);
    await phone.getByRole('button', { name: 'Log out' }).waitFor();
    await shot(phone, 'settings-list-phone');

    const panels: [string, string][] = [
      ['My profile', 'My profile'],
      ['Security', 'Security'],
      ['Notification preferences', 'Notification preference'],
      ['Currency preferences', 'Currency preference'],
      ['KYC verification', 'KYC verification'],
    ];
    for (const [link, heading] of panels) {
      await phone.goto(`${app.url}/user`);
      await phone.getByRole('link', { name: link }).click();
      await panelHeading(phone, heading).waitFor();
      expect(await sidewaysOverflow(phone), heading).toBeLessThanOrEqual(0);
      await shot(phone, `settings-${link.split(' ')[0]?.toLowerCase() ?? 'panel'}-phone`);
      await phone.getByRole('link', { name: '← Go back' }).click();
      await waitForPath(phone, '/user');
    }
    await phone.close();
  });
});
