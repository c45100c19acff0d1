import net from 'node:net';

export type RawResponse = { status: number; headers: Record<string, string>; body: string };

/** A TCP connection to a local server from `localAddress`: on Linux every 127.x.y.z is this machine. */
export function connect(port: number, localAddress = '127.0.0.1'): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress });
    socket.once('connect', () => {
      socket.off('error', reject);
      resolve(socket);
    });
    socket.once('error', reject);
  });
}

/**
 * Reads one response: its head, and its body when it has a length (a streamed body is left unread).
 * Rejects when the server closes the connection first.
 */
export function readResponse(socket: net.Socket): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    let received = Buffer.alloc(0);
    const stop = () => {
      socket.off('data', onData);
      socket.off('close', onClose);
    };
    const onClose = () => {
      stop();
      reject(new Error('the server closed the connection without a response'));
    };
    const onData = (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return;
      const [statusLine = '', ...lines] = received.subarray(0, end).toString().split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      const body = received.subarray(end + 4);
      const length = headers['content-length'];
      if (length !== undefined && body.length < Number(length)) return;
      stop();
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: body.toString() });
    };
    socket.on('data', onData);
    socket.once('close', onClose);
    socket.on('error', () => undefined);
  });
}

/** Sends a GET for `path` and reads the response's head (and body when it has a length). */
export async function get(socket: net.Socket, path: string): Promise<RawResponse> {
  const response = readResponse(socket);
  socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
  return response;
}

/** Resolves with the milliseconds from now until the connection closes. */
export function closed(socket: net.Socket): Promise<number> {
  const start = Date.now();
  if (socket.destroyed) return Promise.resolve(0);
  return new Promise((resolve) => socket.once('close', () => resolve(Date.now() - start)));
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
