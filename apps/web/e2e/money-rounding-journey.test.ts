import { describe, expect, it } from 'vitest';
import { phoneWithSessionOf, sidewaysOverflow } from './support/browser.ts';
import { fundedInvestor } from './support/investor.ts';
import { browserJourney, shot, type Journey } from './support/journey.ts';
import { investorPage } from './support/sign-in-page.ts';

let journey: Journey;
// No tick moves the rates this test fixes while it runs.
browserJourney('money-rounding', { env: { MARKET_TICK_SECONDS: '3600' } }, (ready) => (journey = ready));

describe('converted money in Chromium', () => {
  it('shows a euro balance in pounds to the exact cent, halves up, on desktop and phone', async () => {
    const { stack, browser } = journey;
    await stack.sql(`update fx_rates set rate = case currency when 'EUR' then 0.92 else 0.79 end
      where currency in ('EUR', 'GBP')`);
    // 65,541.26 × 0.79 ÷ 0.92 is 56,279.995 exactly; as floats it comes to just under, £56,279.99.
    const investor = await fundedInvestor(stack, '65541.26', new Set(), 'EUR');
    await stack.sql(
      `update users set display_currency_id = (select id from currencies where code = 'GBP') where email = $1`,
      [investor.email],
    );
    const { page } = await investorPage(browser, stack.app.url, { login: investor.email, password: investor.password });

    await page.goto(`${stack.app.url}/cash`);
    await expect.poll(() => page.getByTestId('cash-balance').textContent()).toBe('£56,280.00');
    await shot(page, 'cash-gbp-desktop');
    await page.goto(`${stack.app.url}/portfolio`);
    await expect.poll(() => page.getByTestId('net-worth').textContent()).toBe('£56,280.00');
    await page.getByTestId('net-worth-chart').locator('path.chart-line').waitFor();
    await shot(page, 'portfolio-gbp-desktop');

    const phone = await phoneWithSessionOf(browser, page, stack.app.url);
    const screens = [
      ['/cash', 'cash-balance', 'cash-gbp-phone'],
      ['/portfolio#account', 'net-worth', 'portfolio-account-gbp-phone'],
    ] as const;
    for (const [path, figure, name] of screens) {
      await phone.goto(`${stack.app.url}${path}`);
      await expect.poll(() => phone.getByTestId(figure).textContent()).toBe('£56,280.00');
      expect(await sidewaysOverflow(phone)).toBeLessThanOrEqual(0);
      await shot(phone, name);
    }
    // The chart's last point is the net worth now, labelled from the exact amount.
    await phone.goto(`${stack.app.url}/portfolio`);
    await expect.poll(() => phone.getByText(/your net worth went from/).textContent()).toContain('to £56,280.00');
    expect(await sidewaysOverflow(phone)).toBeLessThanOrEqual(0);
    await shot(phone, 'portfolio-gbp-phone');
    await phone.close();
    await page.close();
    const [rates] = await stack.sql<{ eur: string; gbp: string }>(`select
      (select rate::text from fx_rates where currency = 'EUR') as eur, (select rate::text from fx_rates where currency = 'GBP') as gbp`);
    expect(rates).toEqual({ eur: '0.9200000000', gbp: '0.7900000000' });
  });
});
