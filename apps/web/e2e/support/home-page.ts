import type { Page } from 'playwright-core';

/** The public start page: brand, product summary, supported currencies and the public footer. */
export class HomePage {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  async open(baseUrl: string) {
    await this.page.goto(baseUrl);
    await this.page.getByRole('heading', { level: 1 }).waitFor();
  }

  heading() {
    return this.page.getByRole('heading', { level: 1 }).textContent();
  }

  async currencies() {
    const list = this.page.getByRole('list', { name: 'Supported currencies' });
    await list.waitFor();
    return list.getByRole('listitem').allTextContents();
  }

  footerLinks(group: string) {
    return this.page.getByRole('navigation', { name: group }).getByRole('link').allTextContents();
  }

  footerText() {
    return this.page.locator('footer').textContent();
  }
}
