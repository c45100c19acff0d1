import helmet from 'helmet';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { ValidationFailed } from '../lib/errors.ts';
import { inlineHashes } from './web.ts';

// The live-chat widget (Crisp) needs its own hosts, allowed only when a widget id is configured.
const chatHosts = ['https://client.crisp.chat', 'https://*.crisp.chat'];
const chatSockets = ['wss://client.relay.crisp.chat'];

/**
 * The app's Content-Security-Policy: no inline script or stylesheet but the ones the build wrote
 * into index.html, each allowed by its hash; nothing may frame the app.
 */
export function contentSecurityPolicy(
  config: Pick<Config, 'chatWidgetId'>,
  inline: { scripts: string[]; styles: string[] } = { scripts: [], styles: [] },
) {
  const chat = config.chatWidgetId ? chatHosts : [];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...chat, ...inline.scripts],
    styleSrc: ["'self'", ...chat, ...inline.styles],
    imgSrc: ["'self'", 'data:', 'blob:', ...chat],
    fontSrc: ["'self'", ...chat],
    connectSrc: ["'self'", ...chat, ...(config.chatWidgetId ? chatSockets : [])],
    frameSrc: config.chatWidgetId ? chat : ["'none'"],
    mediaSrc: ["'self'", ...chat],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: null,
  };
}

export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const securityHeaders = headersOf(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: contentSecurityPolicy(config, inlineHashes(config.webDistDir)),
      },
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      frameguard: { action: 'deny' },
      hsts: config.appUrl.startsWith('https://') ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    }),
  );
  // Answers carry user data: no cache keeps one unless its route says otherwise (the web app's
  // files and a few public API answers set their own), whatever the spelling of the URL.
  const headers = { ...securityHeaders, 'cache-control': 'no-store' };
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimitPerMinute,
    timeWindow: '1 minute',
  });
  // PostgreSQL cannot store the NUL character in text: refuse it up front with a clear 422 instead of failing later.
  app.addHook('preValidation', (request, _reply, done) => {
    const field =
      fieldWithNul(request.params, 'path') ??
      fieldWithNul(request.query, 'query') ??
      fieldWithNul(request.body, 'body');
    done(
      field ? new ValidationFailed({ [field]: ['This text contains a character that is not allowed.'] }) : undefined,
    );
  });
}

/**
 * The headers a helmet middleware sets, read once at start. Ours are the same on every answer (no
 * nonces), and running helmet per request, which builds the policy text again each time, cost half
 * of what a cached answer takes.
 */
function headersOf(middleware: ReturnType<typeof helmet>): Record<string, string> {
  const response = new ServerResponse(new IncomingMessage(new Socket()));
  middleware(response.req, response, () => undefined);
  return Object.fromEntries(Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]));
}

/** The first field, at any depth, whose text holds a NUL character. */
function fieldWithNul(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (!value || typeof value !== 'object') return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const found = fieldWithNul(inner, key);
    if (found) return found;
  }
  return undefined;
}
