import helmet from 'helmet';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { BadRequest, TooManyRequests, ValidationFailed } from '../lib/errors.ts';
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
  // Responses carry user data: no cache stores one unless its route says otherwise (the web app's
  // files and a few public API responses set their own), whatever the spelling of the URL.
  const headers = { ...securityHeaders, 'cache-control': 'no-store' };
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  // Its default key counts an IPv6 client by its /64, as clientKey does for connections and streams.
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimitPerMinute,
    timeWindow: '1 minute',
  });
  // One signed-in user gets one address's allowance however many addresses they use. The caller is
  // known once the auth hook (onRequest) has run, and is counted before the body is read.
  const perUser = app.createRateLimit({
    max: config.rateLimitPerUserPerMinute,
    timeWindow: '1 minute',
    keyGenerator: (request) => `user:${request.auth?.userId ?? ''}`,
  });
  app.addHook('preParsing', async (request) => {
    if (!request.auth || request.routeOptions.config.rateLimit === false) return;
    const limit = await perUser(request);
    if (!limit.isAllowed && limit.isExceeded)
      throw new TooManyRequests(limit.ttlInSeconds, securityMessages.tooManyRequests);
  });
  // PostgreSQL cannot store the NUL character in text: refuse it up front with a clear 422 instead
  // of failing later. No request of ours nests deeply; a deep one is refused before anything walks it.
  app.addHook('preValidation', async (request) => {
    for (const [value, place] of [
      [request.params, 'path'],
      [request.query, 'query'],
      [request.body, 'body'],
    ] as const) {
      const found = inspect(value, place);
      if (found === tooDeep) throw new BadRequest(securityMessages.nestedTooDeeply);
      if (found) throw new ValidationFailed({ [found]: [securityMessages.nulCharacter] });
    }
  });
}

export const securityMessages = {
  nestedTooDeeply: 'The request is nested too deeply.',
  nulCharacter: 'This text contains a character that is not allowed.',
  tooManyRequests: 'Too many requests. Please try again later.',
} as const;

/** The deepest nesting of objects and arrays a request may have. */
export const maxRequestDepth = 32;
const tooDeep = Symbol('too deep');

/**
 * The first field, at any depth, whose text holds a NUL character, or `tooDeep`. Walks with its own
 * stack, so no nesting can exhaust the call stack.
 */
function inspect(value: unknown, place: string): string | typeof tooDeep | undefined {
  const pending: { value: unknown; field: string; depth: number }[] = [{ value, field: place, depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (typeof next.value === 'string') {
      if (next.value.includes('\u0000')) return next.field;
      continue;
    }
    if (!next.value || typeof next.value !== 'object') continue;
    if (next.depth >= maxRequestDepth) return tooDeep;
    // Pushed last key first, so the first field in the request's order is found first.
    for (const [key, inner] of Object.entries(next.value).reverse())
      pending.push({ value: inner, field: key, depth: next.depth + 1 });
  }
  return undefined;
}

/**
 * The headers a helmet middleware sets, read once at start: ours are the same on every response (no
 * nonces), so helmet need not build the policy text again for each request.
 */
function headersOf(middleware: ReturnType<typeof helmet>): Record<string, string> {
  const response = new ServerResponse(new IncomingMessage(new Socket()));
  middleware(response.req, response, () => undefined);
  return Object.fromEntries(Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]));
}
