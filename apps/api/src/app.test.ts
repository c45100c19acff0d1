import { createHash } from 'node:crypto';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import path from 'node:path';
import { loadConfig } from './config.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';

let testApp: TestApp;
let webDir: string;
const inlineScript = "document.documentElement.dataset.prerender = 'off';";
const inlineStyle = 'body{margin:0}';

beforeAll(async () => {
  webDir = await mkdtemp(path.join(tmpdir(), 'itrust-web-'));
  await mkdir(path.join(webDir, 'assets'));
  await writeFile(
    path.join(webDir, 'index.html'),
    `<!doctype html><title>Itrust</title><script>${inlineScript}</script><style>${inlineStyle}</style><div id="root"></div>`,
  );
  await writeFile(path.join(webDir, 'assets', 'app-1234.js'), 'console.log(1)');
  await writeFile(path.join(webDir, 'assets', 'app-1234.js.br'), brotliCompressSync('console.log(1)'));
  testApp = await createTestApp({ WEB_DIST_DIR: webDir });
});
afterAll(async () => {
  await testApp.close();
  await rm(webDir, { recursive: true, force: true });
});

describe('error envelopes', () => {
  it('answers an unknown /api path with a 404 envelope', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/no/such/thing?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({ status: 'error', message: 'No route for GET /api/no/such/thing.' });
  });

  it('has no test hooks unless TEST_HOOKS=on, which production refuses', async () => {
    const hook = await testApp.app.inject({
      method: 'POST',
      url: '/api/dev/market/price',
      payload: { symbol: 'AAPL', price: '1' },
    });
    expect(hook.statusCode).toBe(404);
    const production = { NODE_ENV: 'production', APP_SECRET: 'a'.repeat(32), TEST_HOOKS: 'on' };
    expect(() => loadConfig(production)).toThrow(/TEST_HOOKS: hooks for tests, never on in production/);
  });

  it('answers malformed JSON with a 400 envelope', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: '{"amount": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 'error', message: 'Malformed JSON in the request body.' });
  });

  it('answers a body over the limit with 413', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ padding: 'x'.repeat(testApp.config.bodyLimitBytes + 10) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ status: 'error', message: 'The request is too large.' });
  });

  it('hides internal failures: generic message, request id, no stack trace', async () => {
    const { app } = await createTestAppWithBrokenRoute();
    const response = await app.inject({ method: 'GET', url: '/api/broken' });
    await app.close();
    expect(response.statusCode).toBe(500);
    const body = response.json();
    expect(body).toEqual({
      status: 'error',
      message: 'Something went wrong on our side. Please try again.',
      request_id: expect.any(String),
    });
    expect(response.body).not.toMatch(/secret detail|at .*\.ts:\d+/);
  });
});

describe('security headers', () => {
  it('sends a strict Content-Security-Policy and the other headers on API and page responses', async () => {
    for (const url of ['/api/health', '/api/missing', '/portfolio']) {
      const response = await testApp.app.inject({ method: 'GET', url });
      const csp = response.headers['content-security-policy'] as string;
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).not.toContain('unsafe-inline');
      expect(csp, url).toContain("object-src 'none'");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).toContain("base-uri 'self'");
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it("allows the build's inline script and stylesheet in index.html by their hashes, and no others", async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/' });
    const csp = response.headers['content-security-policy'] as string;
    const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    expect(/script-src ([^;]*)/.exec(csp)?.[1]).toBe(`'self' ${sha(inlineScript)}`);
    expect(/style-src ([^;]*)/.exec(csp)?.[1]).toBe(`'self' ${sha(inlineStyle)}`);
    expect(response.body).toContain(`<script>${inlineScript}</script>`);
  });

  it('marks API responses no-store', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('web app serving', () => {
  it('answers unknown page paths with index.html for the client router', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/asset/Apple/AAPL' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<div id="root">');
  });

  it('answers index.html for client routes whose parameters hold dots, spaces, escapes and unicode', async () => {
    const pages = [
      '/cashout/HSA/2000.00',
      '/asset/Berkshire Hathaway Inc./BRK.B',
      '/asset/Berkshire%20Hathaway%20Inc./BRK.B',
      `/asset/${encodeURIComponent('Société Générale')}/GLE.PA`,
      `/contribute/${encodeURIComponent('ROTH IRA')}`,
      '/info/faq.html',
      '/no.such/page.json?x=1',
      '/signin.',
    ];
    for (const url of pages) {
      for (const method of ['GET', 'HEAD'] as const) {
        const response = await testApp.app.inject({ method, url });
        expect(response.statusCode, `${method} ${url}`).toBe(200);
        expect(response.headers['content-type'], `${method} ${url}`).toContain('text/html');
      }
      expect((await testApp.app.inject({ method: 'GET', url })).body, url).toContain('<div id="root">');
    }
  });

  it('keeps the JSON 404 for a missing built asset and an unknown API path, in any spelling', async () => {
    const missing = [
      '/assets/missing.js',
      '/assets/missing',
      '/assets/',
      '//assets/missing.css',
      '/%61ssets/missing.js',
      '/ASSETS/app-1234.js',
      '/api/no/such.json',
      '/%61pi/users.json',
    ];
    for (const url of missing) {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({
        status: 'error',
        message: expect.stringMatching(/^No route for GET /),
      });
    }
  });

  it('serves hashed assets with a long cache and 404s a missing asset', async () => {
    const asset = await testApp.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect(asset.body).toBe('console.log(1)');
    const missing = await testApp.app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('sends the Brotli copy the build wrote to browsers that accept it', async () => {
    const asset = await testApp.app.inject({
      method: 'GET',
      url: '/assets/app-1234.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['vary']).toContain('accept-encoding');
    expect(brotliDecompressSync(asset.rawPayload).toString()).toBe('console.log(1)');
  });
});

describe('API documentation', () => {
  it('publishes an OpenAPI document generated from the route schemas', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/currencies',
        '/api/settings',
        '/api/country',
        '/api/nationalities',
        '/api/states',
        '/api/cities',
      ]),
    );
    expect(document.paths['/api/states'].get.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'filter[country_id]', in: 'query', required: true })]),
    );
  });

  it('serves the documentation UI without inline scripts', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toContain("script-src 'self';");
  });
});

async function createTestAppWithBrokenRoute() {
  const { buildApp } = await import('../src/app.ts');
  const app = await buildApp(testApp.dependencies);
  app.get('/api/broken', { config: { access: 'public' } }, async () => {
    throw new Error('secret detail: connection string postgres://user:pw@db');
  });
  await app.ready();
  return { app };
}

describe('rate limiting', () => {
  it('answers 429 with Retry-After once a client passes the limit', async () => {
    const limited = await createTestApp({ RATE_LIMIT_PER_MINUTE: '3' });
    const statuses = [];
    let last;
    for (let index = 0; index < 4; index += 1) {
      last = await limited.app.inject({ method: 'GET', url: '/api/currencies' });
      statuses.push(last.statusCode);
    }
    await limited.close();
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
    expect(last?.json()).toEqual({ status: 'error', message: 'Too many requests. Please try again later.' });
  });

  it('counts the addresses of one IPv6 /64 as one client', async () => {
    const limited = await createTestApp({ RATE_LIMIT_PER_MINUTE: '3' });
    const read = (remoteAddress: string) =>
      limited.app.inject({ method: 'GET', url: '/api/currencies', remoteAddress });
    const statuses = [];
    for (let host = 1; host <= 4; host += 1) statuses.push((await read(`2001:db8:5:6::${host}`)).statusCode);
    const neighbour = await read('2001:db8:5:7::1');
    await limited.close();
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(neighbour.statusCode).toBe(200);
  });
});

describe('live-chat widget', () => {
  it('is off unless CHAT_WIDGET_ID is set: no id for the browser, no chat hosts in the CSP', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/client-config' });
    expect(response.json().data).toMatchObject({
      chat_widget_id: null,
      limits: { crypto_deposit: [1000, 1_000_000], bank_deposit: [50_000, 1_000_000] },
    });
    expect(response.headers['content-security-policy']).not.toContain('crisp');
  });

  it('gives the browser the widget id and allows only the chat hosts when set', async () => {
    const withChat = await createTestApp({ CHAT_WIDGET_ID: 'website-123' });
    const response = await withChat.app.inject({ method: 'GET', url: '/api/client-config' });
    await withChat.close();
    expect(response.json().data).toMatchObject({ chat_widget_id: 'website-123' });
    const csp = response.headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self' https://client.crisp.chat");
    expect(csp).not.toContain('unsafe-inline');
  });
});
