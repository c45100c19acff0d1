import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isApiRoute } from './auth.ts';

/**
 * Serves the built web app. Every other GET path gets index.html, whatever its characters (a
 * client route's parameter may hold a dot: `/cashout/HSA/2000.00`), so the client router takes
 * over; a missing built asset and an unknown /api path keep the JSON 404 envelope.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string): Promise<void> {
  const indexFile = path.join(webDistDir, 'index.html');
  const built = existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies; browsers that accept them get those.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (wantsPage && built && !isServerPath(pathname)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ status: 'error', message: `No route for ${request.method} ${pathname}.` });
  });
}

/**
 * An API path or a built asset's, in any spelling (`/%61pi/…`, `/API/…`, `//assets/…`): these keep
 * the JSON 404 rather than the app's page, which a script or stylesheet tag cannot use.
 */
function isServerPath(pathname: string): boolean {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // A malformed escape is no API or asset path the router could have matched either.
  }
  const plain = decoded.toLowerCase().replace(/\/+/g, '/');
  return isApiRoute(plain) || plain === '/assets' || plain.startsWith('/assets/');
}

/**
 * The CSP sources ('sha256-…') of the inline scripts and stylesheets the build wrote into
 * index.html; none before a build.
 */
export function inlineHashes(webDistDir: string): { scripts: string[]; styles: string[] } {
  const indexFile = path.join(webDistDir, 'index.html');
  if (!existsSync(indexFile)) return { scripts: [], styles: [] };
  const html = readFileSync(indexFile, 'utf8');
  const source = (body: string) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`;
  const hashes = (pattern: RegExp) => [...html.matchAll(pattern)].map(([, body]) => source(body ?? ''));
  return { scripts: hashes(/<script>([\s\S]*?)<\/script>/g), styles: hashes(/<style>([\s\S]*?)<\/style>/g) };
}
