import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, signUp } from '../../test/fixtures.ts';

let testApp: TestApp;
let token: string;

beforeAll(async () => {
  testApp = await createTestApp();
  const user = await signUp(testApp, { verified: true });
  await testApp.database.db.$client.query("update users set kyc = 'approved' where id = $1", [user.id]);
  token = user.token;
});
afterAll(() => testApp.close());

it('refuses per_page above 100 on every paged list of the API, and accepts 100', async () => {
  const document = testApp.app.swagger() as {
    paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
  };
  const paged = Object.entries(document.paths)
    .filter(([, methods]) => methods['get']?.parameters?.some((parameter) => parameter.name === 'per_page'))
    .map(([path]) => path)
    .filter((path) => !path.startsWith('/api/admin'));
  expect(paged.length).toBeGreaterThanOrEqual(5);
  for (const path of paged) {
    const over = await testApp.app.inject({ method: 'GET', url: `${path}?per_page=101`, headers: bearer(token) });
    expect(over.statusCode, path).toBe(422);
    const most = await testApp.app.inject({ method: 'GET', url: `${path}?per_page=100`, headers: bearer(token) });
    expect(most.statusCode, path).toBe(200);
  }
});

it('sends HSTS when the app is served over HTTPS, and not otherwise', async () => {
  const secure = await createTestApp({ APP_URL: 'https://itrust.example' });
  try {
    for (const url of ['/api/health', '/api/no/such/route']) {
      const response = await secure.app.inject({ method: 'GET', url });
      expect(response.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
    }
  } finally {
    await secure.close();
  }
  const plain = await testApp.app.inject({ method: 'GET', url: '/api/health' });
  expect(plain.headers['strict-transport-security']).toBeUndefined();
});
