import type { Browser, Page } from 'playwright-core';
import { watchPageProblems } from './browser.ts';

/** The sign-in screen at /, with the product pitch and supported currencies beside it on wide screens. */
export class SignInPage {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  /** Opens `/` and waits for the app to take over the copy index.html carries (inert until then). */
  async open(baseUrl: string) {
    await this.page.goto(baseUrl);
    await this.page.locator('.prerendered[inert]').waitFor({ state: 'detached' });
    await this.page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
  }

  submitButton() {
    return this.page.getByRole('button', { name: 'Sign in', exact: true });
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

/** A new page signed in as an investor, on /portfolio, with the problems it reports collected. */
export async function investorPage(
  browser: Browser,
  baseUrl: string,
  credentials: { login: string; password: string },
  viewport = { width: 1280, height: 900 },
): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage({ viewport });
  const problems = watchPageProblems(page);
  await new SignInPage(page).open(baseUrl);
  await new SignInPage(page).signIn(credentials.login, credentials.password);
  await page.waitForURL((url) => url.pathname === '/portfolio');
  return { page, problems };
}

/** A new page signed in as the demo investor. */
export const demoInvestorPage = (
  browser: Browser,
  baseUrl: string,
  password: string,
  viewport?: { width: number; height: number },
) => investorPage(browser, baseUrl, { login: 'demo@example.com', password }, viewport);

/** The screenshot name for a failed test: short, and safe as a file name. */
export const failedShotName = (taskName: string) => `failed-${taskName.slice(0, 40).replace(/\W+/g, '-')}`;
