import type net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { closed, connect, get, readResponse, sleep } from '../../test/raw-http.ts';

/**
 * Clients that hold the server's connections: a request that arrives a byte at a time is cut off
 * after the request timeout, and one address cannot open more than its share of connections. The
 * quote stream, whose response lasts, outlives the timeout.
 */
let testApp: TestApp;
let port = 0;
const clients: net.Socket[] = [];

beforeAll(async () => {
  testApp = await createTestApp({ REQUEST_TIMEOUT_SECONDS: '2', CONNECTIONS_PER_ADDRESS: '5' });
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  const address = testApp.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});

afterAll(async () => {
  for (const client of clients) client.destroy();
  await testApp.close();
});

async function open(localAddress: string) {
  const socket = await connect(port, localAddress);
  clients.push(socket);
  return socket;
}

const timedOut = { status: 'error', message: 'The request took too long to arrive.' };

it('cuts off bodies sent one byte every 5 s, and headers that never end, with 408 within the timeout', async () => {
  const stream = await open('127.0.6.9');
  expect((await get(stream, '/api/stream/quotes?symbols=AAPL')).status).toBe(200);
  let streamed = '';
  stream.on('data', (chunk: Buffer) => (streamed += chunk.toString()));

  const slowBodies = await Promise.all([1, 2, 3].map((index) => open(`127.0.6.${index}`)));
  const slowHead = await open('127.0.6.4');
  const started = Date.now();
  const responses = [...slowBodies, slowHead].map((socket) => readResponse(socket));
  for (const socket of slowBodies) {
    socket.write(
      'POST /api/user/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 64\r\n\r\n{',
    );
  }
  slowHead.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
  const drip = setInterval(() => {
    for (const socket of slowBodies) if (socket.writable) socket.write(' ');
  }, 5_000);
  try {
    for (const response of await Promise.all(responses)) {
      expect(response.status).toBe(408);
      expect(JSON.parse(response.body)).toEqual(timedOut);
    }
    await Promise.all([...slowBodies, slowHead].map(closed));
    expect(Date.now() - started).toBeLessThan(4_500);
  } finally {
    clearInterval(drip);
  }

  // The stream's request was complete long ago: it is still open and still gets ticks.
  await sleep(500);
  const before = streamed.length;
  await testApp.database.db.$client.query("select pg_notify('market_ticks', '0')");
  while (streamed.length === before && !stream.destroyed) await sleep(10);
  expect(stream.destroyed).toBe(false);
  expect(streamed.slice(before)).toContain('event: quote');
}, 20_000);

it('closes the connection past the cap of one address at once, and takes one again when one closes', async () => {
  const held = [];
  for (let index = 0; index < 5; index++) {
    const socket = await open('127.0.7.1');
    // A finished request keeps its connection open for the next one.
    expect((await get(socket, '/api/health')).status).toBe(200);
    held.push(socket);
  }
  const over = await open('127.0.7.1');
  const refused = get(over, '/api/health');
  await expect(refused).rejects.toThrow('closed the connection');
  expect(await closed(over)).toBeLessThan(1_000);

  const other = await open('127.0.7.2');
  expect((await get(other, '/api/health')).status).toBe(200);

  held[0]?.destroy();
  await closed(held[0]!);
  await sleep(100);
  expect((await get(await open('127.0.7.1'), '/api/health')).status).toBe(200);
});
