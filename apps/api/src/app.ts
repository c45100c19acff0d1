import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { devMailRoutes } from './modules/dev-mail/dev-mail.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { createReferenceRepository } from './modules/reference/reference.repository.ts';
import { referenceRoutes } from './modules/reference/reference.routes.ts';
import { createReferenceService } from './modules/reference/reference.service.ts';
import { registerDocs } from './plugins/docs.ts';
import { registerErrorHandler } from './plugins/errors.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerWebApp } from './plugins/web.ts';

export type AppDependencies = {
  config: Config;
  db: Database;
  logger?: FastifyServerOptions['logger'];
};

/** Builds the Fastify app; plugins and modules are registered explicitly, in order. */
export async function buildApp({ config, db, logger }: AppDependencies) {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    bodyLimit: config.bodyLimitBytes,
    genReqId: () => randomUUID(),
    trustProxy: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  await registerSecurity(app, config);
  await registerDocs(app);

  const reference = createReferenceService(createReferenceRepository(db));
  await app.register(healthRoutes, { prefix: '/api', db });
  await app.register(referenceRoutes, { prefix: '/api', reference });
  if (!config.isProduction) await app.register(devMailRoutes, { outboxDir: config.mailOutboxDir });

  await registerWebApp(app, config.webDistDir);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
