import { STATUS_CODES, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { clientKey } from '../lib/client-address.ts';

const clientErrors: Record<string, [status: number, message: string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive.'],
  HPE_HEADER_OVERFLOW: [431, 'The request headers are too large.'],
};

/** A request the HTTP parser refused, or one that came too slowly, rejected with the error envelope. */
function rejectClientError(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] = clientErrors[error.code ?? ''] ?? [400, 'The request could not be understood.'];
  const body = JSON.stringify({ status: 'error', message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json; charset=utf-8\r\n` +
        `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * Server options that bound the time a client may take to send its request, headers and body. A
 * response streamed for long, such as the quote stream, is not cut: the timeout ends once the request is in.
 */
export function requestTimeouts(timeoutMs: number) {
  return {
    requestTimeout: timeoutMs,
    http: {
      requestTimeout: timeoutMs,
      headersTimeout: Math.min(timeoutMs, 60_000),
      // Node looks for late requests on this interval: a fraction of the timeout keeps the cut close to it.
      connectionsCheckingInterval: Math.min(Math.ceil(timeoutMs / 4), 30_000),
    },
    clientErrorHandler: rejectClientError,
  };
}

/** Closes a connection as it arrives when its address (see clientKey) already holds `perAddress` open ones. */
export function limitConnections(server: Server, perAddress: number): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    if (socket.remoteAddress === undefined) return;
    const address = clientKey(socket.remoteAddress);
    const held = open.get(address) ?? 0;
    if (held >= perAddress) {
      socket.destroy();
      return;
    }
    open.set(address, held + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
