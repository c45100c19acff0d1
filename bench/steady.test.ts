import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { evenly, sendOnSchedule } from './steady.ts';

let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A server that responds to one request at a time, each taking `ms`. */
async function serialServer(ms: number): Promise<string> {
  let queue = Promise.resolve();
  server = http.createServer((_request, response) => {
    queue = queue
      .then(() => new Promise<void>((resolve) => setTimeout(resolve, ms)))
      .then(() => {
        response.end('ok');
      });
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const get = () => ({ method: 'GET' as const, path: '/', headers: {} });

describe('steady load', () => {
  it('sends the rate asked for, evenly, and times answers that keep up as quick', async () => {
    const url = await serialServer(0);
    const result = await sendOnSchedule(url, evenly(get, 200, 1));
    expect(result.sent).toBe(200);
    expect(result.errors).toBe(0);
    expect(result.rps).toBeGreaterThan(150);
    expect(result.p99).toBeLessThan(40);
  });

  it('times each request from its turn, so a server falling behind shows its queue in the latency', async () => {
    // 10 ms a request serves 100 a second; at 150 the queue grows by half a second over the run.
    const url = await serialServer(10);
    const result = await sendOnSchedule(url, evenly(get, 150, 1));
    expect(result.sent).toBe(150);
    expect(result.p99).toBeGreaterThan(300);
  });

  it('counts each endpoint apart, its failures with it', async () => {
    const url = await serialServer(0);
    const plan = [0, 5, 10, 15].map((at, index) => ({
      at,
      label: index % 2 ? 'missing' : 'root',
      request: { method: 'GET' as const, path: index % 2 ? '/missing' : '/', headers: {} },
    }));
    server?.removeAllListeners('request');
    server?.on('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
      response.statusCode = request.url === '/missing' ? 404 : 200;
      response.end();
    });
    const result = await sendOnSchedule(url, plan);
    expect(result.sent).toBe(4);
    expect(result.errors).toBe(2);
    expect(result.endpoints['root']).toMatchObject({ count: 2, errors: 0 });
    expect(result.endpoints['missing']).toMatchObject({ count: 2, errors: 2 });
  });
});
