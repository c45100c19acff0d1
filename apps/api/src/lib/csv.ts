import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

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

export function sendCsv(reply: FastifyReply, fileName: string, header: string[], lines: AsyncIterable<Cell[]>) {
  async function* body() {
    yield csvLine(header);
    for await (const cells of lines) yield csvLine(cells);
  }
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(Readable.from(body()));
}

/** '-2026-11' or '-2026-11-21' for a filtered export's file name. */
export const fileSuffix = (query: { 'filter[month]'?: string | undefined; 'filter[date]'?: string | undefined }) =>
  query['filter[date]'] ? `-${query['filter[date]']}` : query['filter[month]'] ? `-${query['filter[month]']}` : '';
