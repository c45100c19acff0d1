import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the zod route schemas, browsable at /api/docs. */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Itrust API', version: '0.1.0', description: 'The API behind the Itrust investing app.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
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
