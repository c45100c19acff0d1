import type { Page } from 'playwright-core';

/** Picks an option of the shared searchable dropdown by typing into its search box. */
export async function chooseOption(page: Page, label: string, option: string) {
  await page.getByRole('button', { name: new RegExp(`^${label}`) }).click();
  await page.getByRole('combobox', { name: `Search ${label}` }).fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
}
