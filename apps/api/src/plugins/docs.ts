import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Access } from './auth.ts';

type RouteDocument = Parameters<typeof jsonSchemaTransform>[0] & { route: { config?: { access?: Access } } };

/** Each operation says how it is signed in to: public ones need nothing, optional ones take a token if there is one. */
function withSecurity(document: RouteDocument) {
  const { schema, url } = jsonSchemaTransform(document);
  const access = document.route.config?.access;
  const security: Record<string, string[]>[] =
    access === 'public' ? [] : access === 'optional' ? [{}, { bearer: [] }] : [{ bearer: [] }];
  return { schema: { ...schema, security }, url };
}

/** OpenAPI generated from the zod route schemas, browsable at /api/docs. */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      servers: [{ url: '/', description: 'This Itrust server' }],
      info: { title: 'Itrust API', version: '0.1.0', description: 'The API behind the Itrust investing app.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: withSecurity,
  });
  // The documentation pages show the API's shape and no data: anyone may read them.
  await app.register(async (docs) => {
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: 'public' };
    });
    await docs.register(swaggerUi, {
      routePrefix: '/api/docs',
      // Swagger UI sets inline styles; its pages alone get that allowance, scripts stay 'self' only.
      staticCSP:
        "default-src 'self'; base-uri 'self'; img-src 'self' data:; object-src 'none'; script-src 'self'; " +
        "style-src 'self' 'unsafe-inline'; frame-ancestors 'none'; form-action 'self'",
    });
  });
}
