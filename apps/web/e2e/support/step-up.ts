import type { Page } from 'playwright-core';
import { codeFromOutbox } from './outbox.ts';

/** Answers the dialog a risky change opens: asks for the emailed code, enters it, and waits for the change to go on. */
export async function confirmItIsYou(page: Page, dataDir: string, email: string, seen = new Set<string>()) {
  const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
  await dialog.getByRole('button', { name: 'Email me a code' }).click();
  const code = await codeFromOutbox(dataDir, email, 'confirmation code', seen);
  await dialog.getByLabel('Confirmation code').fill(code);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await dialog.waitFor({ state: 'detached' });
}
