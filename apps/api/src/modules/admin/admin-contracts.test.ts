import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';

type Responses = Record<string, { content?: Record<string, unknown> }>;

let testApp: TestApp;
let paths: Record<string, Record<string, { responses?: Responses }>>;
beforeAll(async () => {
  testApp = await createTestApp();
  paths = (await testApp.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths;
});
afterAll(() => testApp.close());

const successContent = (responses: Responses = {}) =>
  Object.entries(responses).find(([status]) => status.startsWith('2'))?.[1].content;

describe('the operators’ and identity documents’ responses', () => {
  it('are each declared in the OpenAPI document', () => {
    const operations = Object.entries(paths)
      .filter(([route]) => route.startsWith('/api/admin/') || route.startsWith('/api/user/kyc-documents/'))
      .flatMap(([route, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({ name: `${method} ${route}`, operation })),
      );
    expect(operations).toHaveLength(15);
    expect(operations.filter(({ operation }) => !successContent(operation.responses)).map(({ name }) => name)).toEqual(
      [],
    );
  });

  it('say which image types a document is served as', () => {
    for (const route of ['/api/user/kyc-documents/{id}', '/api/admin/kyc-documents/{id}']) {
      expect(Object.keys(successContent(paths[route]?.['get']?.responses) ?? {})).toEqual([
        'image/jpeg',
        'image/png',
        'image/webp',
      ]);
    }
  });
});
