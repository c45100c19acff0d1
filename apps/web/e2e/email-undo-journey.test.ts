import { messages } from '@itrust/contracts/auth-rules';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { listOutbox } from '../../api/src/lib/mail/outbox.ts';
import { sidewaysOverflow, watchPageProblems } from './support/browser.ts';
import { call } from './support/investor.ts';
import { browserJourney, shot } from './support/journey.ts';
import { codeFromOutbox } from './support/outbox.ts';
import type { Stack } from './support/stack.ts';

let stack: Stack;
let page: Page;
let problems: string[];
const seenMail = new Set<string>();
const newPassword = 'back where it belongs 2026';

/** Moves the demo investor to a new address through both codes; answers the undo link mailed to the old one. */
async function changeDemoEmail(): Promise<string> {
  const signedIn = await call(stack, '/user/login', { login: 'demo@example.com', password: stack.demoPassword });
  let token = String(signedIn.data['token']);
  if (signedIn.data['second_step']) {
    const code = await codeFromOutbox(stack.dataDir, 'demo@example.com', 'sign-in code', seenMail);
    token = String((await call(stack, '/user/verify-two-fa', { code }, token)).data['token']);
  }
  const moved = 'moved.demo@example.com';
  await call(stack, '/user/profile', { email: moved, current_password: stack.demoPassword }, token);
  const codes = {
    new_email_code: await codeFromOutbox(stack.dataDir, moved, 'Confirm your new Itrust email address', seenMail),
    current_email_code: await codeFromOutbox(stack.dataDir, 'demo@example.com', 'Confirm the change', seenMail),
  };
  await call(stack, '/user/profile/email/verify', codes, token);
  for (let waited = 0; waited < 20_000; waited += 100) {
    const notice = (await listOutbox(path.join(stack.dataDir, 'outbox'))).find(
      (mail) => mail.to === 'demo@example.com' && mail.subject.includes('email address was changed'),
    );
    const link = notice && /https?:\/\/\S+#token=[\w-]+/.exec(notice.text)?.[0];
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('no undo link mailed to demo@example.com within 20 s');
}

// No one is signed in: the link works from any browser.
browserJourney(
  'email-undo',
  {
    signIn: async (browser) => {
      const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
      return { page, problems: watchPageProblems(page) };
    },
  },
  (ready) => {
    ({ stack, page, problems } = ready);
  },
);

describe('undoing an email change from the link sent to the old address, on a phone', () => {
  it('says a link without its token is incomplete, and keeps the button off', async () => {
    await page.goto(`${stack.app.url}/undo-email-change`);
    await page.getByText('This link is incomplete. Open it again from the email.').waitFor();
    expect(await page.getByRole('button', { name: 'Undo the change' }).isDisabled()).toBe(true);
  });

  it('refuses two different passwords, then puts the address back and the new password works', async () => {
    const link = new URL(await changeDemoEmail());
    // A new load, as from the mail: on the same path, a new fragment alone would not reload the screen.
    await page.goto('about:blank');
    await page.goto(`${stack.app.url}${link.pathname}${link.hash}`);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Re-enter new password').fill(`${newPassword}!`);
    await page.getByRole('button', { name: 'Undo the change' }).click();
    await page.getByText(messages.passwordsDoNotMatch).waitFor();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'undo-email-change-phone');

    await page.getByLabel('Re-enter new password').fill(newPassword);
    await page.getByRole('button', { name: 'Undo the change' }).click();
    await page.getByText('Your email address is back to demo@example.com.', { exact: false }).waitFor();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
    const signedIn = await call(stack, '/user/login', { login: 'demo@example.com', password: newPassword });
    expect(signedIn.status).toBe('success');
    expect(problems).toEqual([]);
  });
});
