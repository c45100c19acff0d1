import { Readable } from 'node:stream';
import { csvResponse } from '@itrust/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { periodOf, periodQuery, type Period } from './period.ts';

type Cell = string | number | null | undefined;

/**
 * One CSV line (RFC 4180 quoting). Text that a spreadsheet would read as a formula is prefixed
 * with a quote mark, so an exported comment cannot run anything when opened; numbers stay numbers.
 */
export function csvLine(cells: Cell[]): string {
  return `${cells
    .map((cell) => {
      if (cell === null || cell === undefined) return '';
      const text = String(cell);
      const safe = /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text) ? `'${text}` : text;
      return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
    })
    .join(',')}\r\n`;
}

export type Cursor = { createdAt: string; id: string };

/**
 * Reads rows newest first in batches after a keyset cursor (created_at, id), so an export of any
 * length holds one batch in memory at a time.
 */
export async function* inBatches<T extends { cursor: Cursor }>(
  fetchBatch: (after: Cursor | undefined, size: number) => Promise<T[]>,
  size = 500,
): AsyncGenerator<T> {
  let after: Cursor | undefined;
  for (;;) {
    const batch = await fetchBatch(after, size);
    yield* batch;
    if (batch.length < size) return;
    after = batch[batch.length - 1]?.cursor;
  }
}

type ExportRoute<T> = {
  url: string;
  tags: string[];
  summary: string;
  /** What the file holds, for the API document. */
  description: string;
  /** The file's name before the filter and '.csv'. */
  fileName: string;
  header: string[];
  /** The caller's id, once the route's gates have passed. */
  userOf: (request: FastifyRequest) => string;
  batch: (userId: string, period: Period | undefined, after: Cursor | undefined, size: number) => Promise<T[]>;
  line: (row: T) => Cell[];
};

/** A GET that sends the caller's rows as a CSV file, newest first, with the history lists' month or day filter. */
export function exportRoute<T extends { cursor: Cursor }>(
  app: Parameters<FastifyPluginAsyncZod>[0],
  route: ExportRoute<T>,
) {
  app.get(
    route.url,
    {
      config: { access: 'verified' },
      schema: {
        tags: route.tags,
        summary: route.summary,
        querystring: z.object(periodQuery).strict(),
        response: { 200: csvResponse(route.description) },
      },
    },
    async (request, reply) => {
      const userId = route.userOf(request);
      const period = periodOf(request.query);
      const rows = inBatches((after, size) => route.batch(userId, period, after, size));
      async function* body() {
        yield csvLine(route.header);
        for await (const row of rows) yield csvLine(route.line(row));
      }
      const filter = request.query['filter[date]'] ?? request.query['filter[month]'];
      return sendFile(reply, `${route.fileName}${filter ? `-${filter}` : ''}.csv`, body());
    },
  );
}

// A plain reply: the body is a stream, where the API document describes the file as text.
const sendFile = (reply: FastifyReply, fileName: string, body: AsyncIterable<string>) =>
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(Readable.from(body));
