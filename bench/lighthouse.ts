import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';
import { repoRoot } from '../apps/api/src/config.ts';
import { startServerProcess } from '../apps/api/test/server-process.ts';
import { chromiumFlags, chromiumPath } from '../apps/web/e2e/support/chromium.ts';
import { waitForOutput } from '../apps/web/e2e/support/server.ts';
import { signedInScreens } from './budgets.ts';

export type PageScore = {
  name: string;
  url: string;
  performance: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  lcpElement: string;
};

/** A page with nothing to run: the yardstick the app's pages are compared with. */
export const staticPageName = 'bench-static.html';

export async function writeStaticPage(webDistDir: string): Promise<void> {
  await writeFile(
    path.join(webDistDir, staticPageName),
    `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Itrust</title>
  </head>
  <body>
    <main>
      <h1>Sign in</h1>
      <p>Invest in stocks and crypto, save for retirement and watch your net worth grow, all in one place.</p>
    </main>
  </body>
</html>
`,
  );
}

/**
 * Lighthouse's mobile performance audit (its default settings: a mid-range phone on a slow 4G
 * connection, simulated) of the static page, the sign-in screen and, signed in, each of `screens`;
 * the median of `runs` for each. Signing in goes through the real form so the session lives in
 * the tab Lighthouse then measures.
 */
export async function lighthouseScores(
  baseUrl: string,
  credentials: { login: string; password: string },
  runs: number,
  screens = signedInScreens,
): Promise<PageScore[]> {
  const browser = await puppeteer.launch({
    executablePath: chromiumPath,
    args: ['--headless=new', ...chromiumFlags],
    headless: true,
  });
  try {
    const page = await browser.newPage();
    const scores = [
      await scoreOf(page, 'static page', `${baseUrl}/${staticPageName}`, runs),
      await scoreOf(page, 'sign-in (/)', `${baseUrl}/`, runs),
    ];
    await signIn(page, baseUrl, credentials);
    for (const screen of screens) scores.push(await scoreOf(page, `${screen}, signed in`, baseUrl + screen, runs));
    return scores;
  } finally {
    await browser.close();
  }
}

async function signIn(page: Page, baseUrl: string, credentials: { login: string; password: string }) {
  await page.goto(`${baseUrl}/`);
  // The sign-in form index.html carries takes input once the app has taken it over.
  await page.waitForFunction("!document.querySelector('.prerendered[inert]')");
  await page.locator('input[name="login"]').fill(credentials.login);
  await page.locator('input[name="password"]').fill(credentials.password);
  await Promise.all([
    page.waitForFunction("location.pathname === '/portfolio'", { timeout: 30_000 }),
    page.locator('button[type="submit"]').click(),
  ]);
}

async function scoreOf(page: Page, name: string, url: string, runs: number): Promise<PageScore> {
  const samples: PageScore[] = [];
  const session = await page.createCDPSession();
  for (let run = 0, failures = 0; run < runs; run += 1) {
    // Storage stays (it holds the session) but every run starts with an empty HTTP cache, as a first visit does.
    await session.send('Network.clearBrowserCache');
    const result = await lighthouse(
      url,
      { output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true },
      undefined,
      page,
    );
    const audits = result?.lhr.audits;
    const score = result?.lhr.categories['performance']?.score;
    if (!audits || score === undefined || score === null) {
      // Lighthouse itself asks for a rerun when its trace comes back incomplete (NO_NAVSTART and kin).
      failures += 1;
      if (failures > 3)
        throw new Error(`Lighthouse gave no performance score for ${url}: ${result?.lhr.runtimeError?.message ?? ''}`);
      run -= 1;
      continue;
    }
    if (decodeURI(result.lhr.finalDisplayedUrl) !== url)
      throw new Error(`Lighthouse was sent away from ${url} to ${result.lhr.finalDisplayedUrl}`);
    const reports = process.env['LIGHTHOUSE_REPORTS'];
    if (reports) await writeFile(path.join(reports, `${slugOf(url)}-${run}.json`), JSON.stringify(result.lhr));
    samples.push({
      name,
      url,
      performance: Math.round(score * 100),
      lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? NaN),
      fcpMs: Math.round(audits['first-contentful-paint']?.numericValue ?? NaN),
      tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? NaN),
      lcpElement: lcpElementOf(audits['lcp-breakdown-insight']?.details),
    });
  }
  samples.sort((a, b) => a.performance - b.performance);
  const median = samples[Math.floor(samples.length / 2)];
  if (!median) throw new Error('no Lighthouse runs');
  console.log(
    `  Lighthouse ${name}: performance ${median.performance}, LCP ${median.lcpMs} ms (${median.lcpElement}), FCP ${median.fcpMs} ms, TBT ${median.tbtMs} ms`,
  );
  return median;
}

function lcpElementOf(details: unknown): string {
  const found = JSON.stringify(details ?? {}).match(/"snippet":"((?:[^"\\]|\\.)*)"/);
  return found?.[1]?.replace(/\\"/g, '"').slice(0, 100) ?? '';
}

const slugOf = (url: string) => new URL(url).pathname.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'root';

/**
 * `npm run bench:lighthouse [-- path…]`: the Lighthouse part alone, on the production build (built
 * when stale) and a fresh demo database, signed in as the demo investor; every signed-in screen unless
 * paths are given. LIGHTHOUSE_REPORTS=<folder> saves each run's full report for its diagnostics.
 */
async function main(screens: string[]) {
  const build = spawnSync(process.execPath, ['scripts/build-if-stale.mjs'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the web build failed');
  const webDistDir = path.join(repoRoot, 'apps/web/dist');
  await writeStaticPage(webDistDir);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'itrust-lighthouse-'));
  const api = await startServerProcess('', dataDir, { NODE_ENV: 'development', WEB_DIST_DIR: webDistDir });
  try {
    const [, password = ''] = await waitForOutput(api, /Demo investor: demo@example\.com {2}password: (\S+)/);
    await lighthouseScores(api.url, { login: 'demo@example.com', password }, 3, screens.length ? screens : undefined);
  } finally {
    await api.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) await main(process.argv.slice(2));
