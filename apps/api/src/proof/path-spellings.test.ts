import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, signedInOperator, signUp, withTwoFactor } from '../../test/fixtures.ts';

/**
 * Every route of the API, reached through other spellings of its path (a percent-encoded letter,
 * a doubled slash, a dot segment, changed case), responds as its plain spelling does, or 404:
 * access is decided from the route the router matched, never from the text of the URL.
 */
let testApp: TestApp;
type Route = { method: string; path: string };
let routes: Route[];
const callers: Record<string, Record<string, string>> = {};
let investorId = '';

// Signing out ends the very token the other spellings would then use; the matrix covers its access.
const skipped = new Set(['POST /api/user/logout']);

beforeAll(async () => {
  testApp = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  const document = testApp.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  routes = Object.entries(document.paths)
    .flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })))
    .filter((route) => !skipped.has(`${route.method} ${route.path}`));

  const investor = await signUp(testApp, { verified: true });
  const waitingUser = await signUp(testApp, { verified: true });
  await withTwoFactor(testApp, waitingUser);
  const login = await testApp.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { login: waitingUser.email, password: waitingUser.password },
  });
  callers['no token'] = {};
  callers['a token before the second step'] = bearer(login.json().data.token as string);
  callers['an investor'] = bearer(investor.token);
  investorId = investor.id;
  callers['an operator'] = bearer(await signedInOperator(testApp));
}, 60_000);
afterAll(() => testApp.close());

const concrete = (path: string) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => (/id$/i.test(name) ? '00000000-0000-4000-8000-000000000000' : '1'));

const escape = (letter: string) => `%${letter.charCodeAt(0).toString(16).padStart(2, '0')}`;
const escapeFirst = (segment: string) => `${escape(segment.slice(0, 1))}${segment.slice(1)}`;
const escapeLast = (segment: string) => `${segment.slice(0, -1)}${escape(segment.slice(-1)).toUpperCase()}`;

/**
 * The other spellings of a path: each segment with its first or last letter percent-encoded,
 * slashes doubled, dot segments, changed case.
 */
function spellingsOf(path: string): string[] {
  const segments = path.split('/');
  const encoded = segments.flatMap((segment, index) =>
    segment
      ? [escapeFirst, escapeLast].map((spell) =>
          segments.map((other, at) => (at === index ? spell(other) : other)).join('/'),
        )
      : [],
  );
  const [, first = '', ...rest] = segments;
  return [
    ...encoded,
    `/${first}//${rest.join('/')}`,
    `/${path}`,
    `/${first}/./${rest.join('/')}`,
    `/${first}/x/../${rest.join('/')}`,
    path.toUpperCase(),
    `/${first.toUpperCase()}/${rest.join('/')}`,
    `/${first}/${rest.map((segment) => segment.replace(/^[a-z]/, (letter) => letter.toUpperCase())).join('/')}`,
  ];
}

/** Puts back what a route's empty request changes, so that every spelling meets the same state. */
const undo: Record<string, () => Promise<unknown>> = {
  'POST /api/user/profile/two-fa': () =>
    testApp.database.db.$client.query('update users set two_fa_activated_at = null where id = $1', [investorId]),
};

async function call(route: Route, url: string, headers: Record<string, string>) {
  const response = await testApp.app.inject({
    method: route.method as 'GET',
    url,
    headers,
    ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
  });
  await undo[`${route.method} ${route.path}`]?.();
  return response;
}

describe('every route reached through another spelling of its path', () => {
  it('spells a path in each way', () => {
    expect(spellingsOf('/api/admin/users')).toEqual(
      expect.arrayContaining([
        '/%61pi/admin/users',
        '/api/%61dmin/users',
        '/api/admi%6E/users',
        '/api//admin/users',
        '/api/./admin/users',
        '/API/ADMIN/USERS',
      ]),
    );
  });

  for (const who of ['no token', 'a token before the second step', 'an investor', 'an operator']) {
    it(`answers as the plain spelling does, or 404, for ${who}`, async () => {
      const headers = callers[who] ?? {};
      const wrong: string[] = [];
      let compared = 0;
      for (const route of routes) {
        const url = concrete(route.path);
        const plain = await call(route, url, headers);
        for (const spelled of spellingsOf(url)) {
          const response = await call(route, spelled, headers);
          compared += 1;
          // Sending a code again soon after is throttled, whatever the spelling.
          const throttled = response.statusCode === 429 && plain.statusCode < 300;
          if (response.statusCode !== plain.statusCode && response.statusCode !== 404 && !throttled)
            wrong.push(`${route.method} ${spelled}: ${response.statusCode} (plain ${plain.statusCode})`);
          else if (response.statusCode !== 404 && response.headers['cache-control'] !== plain.headers['cache-control'])
            wrong.push(`${route.method} ${spelled}: cache-control ${String(response.headers['cache-control'])}`);
        }
      }
      expect(compared).toBeGreaterThan(routes.length * 8);
      expect(wrong).toEqual([]);
    });
  }
});
