import type { Page } from 'playwright-core';

/** The sign-in screen at /, with the product pitch and supported currencies beside it on wide screens. */
export class SignInPage {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  async open(baseUrl: string) {
    await this.page.goto(baseUrl);
    await this.page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
  }

  submitButton() {
    return this.page.getByRole('button', { name: 'Sign in' });
  }

  async signIn(login: string, password: string) {
    await this.page.getByLabel('Email or username').fill(login);
    await this.page.getByLabel('Password', { exact: true }).fill(password);
    await this.submitButton().click();
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
