import type net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { connect, get, sleep } from '../../test/raw-http.ts';

/**
 * The public quote stream against clients that open too many streams or stop reading: the caps refuse
 * the excess in the error envelope, and a client that never reads costs the server a bounded buffer
 * until it is dropped.
 */
let testApp: TestApp;
let port = 0;
let allSymbols = '';
const serverSockets: { socket: net.Socket; address: string }[] = [];
const clients: net.Socket[] = [];
const nonReaders = 150;

beforeAll(async () => {
  testApp = await createTestApp({ STREAMS_TOTAL: '160', STREAM_STALL_SECONDS: '3', RATE_LIMIT_PER_MINUTE: '40' });
  testApp.app.server.on('connection', (socket: net.Socket) =>
    serverSockets.push({ socket, address: socket.remoteAddress ?? '' }),
  );
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  const address = testApp.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
  const { rows } = await testApp.database.db.$client.query<{ symbol: string }>('select symbol from assets');
  allSymbols = rows.map((row) => row.symbol).join(',');
});

afterAll(async () => {
  for (const client of clients) client.destroy();
  await testApp.close();
});

async function openStream(localAddress: string, symbols = 'AAPL') {
  const socket = await connect(port, localAddress);
  clients.push(socket);
  return { socket, response: await get(socket, `/api/stream/quotes?symbols=${symbols}`) };
}

async function until(condition: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await sleep(10);
  }
}

const serverSide = (prefix: string) =>
  serverSockets.filter(({ address }) => address.startsWith(prefix)).map(({ socket }) => socket);

it('refuses streams past the cap of one address with 429 and past the total with 503, in the error envelope', async () => {
  const own = [];
  for (let index = 0; index < 10; index++) own.push(await openStream('127.0.0.1'));
  expect(own.map(({ response }) => response.status)).toEqual(Array(10).fill(200));

  const refused = (await openStream('127.0.0.1')).response;
  expect(refused.status).toBe(429);
  expect(refused.headers['retry-after']).toBe('30');
  expect(JSON.parse(refused.body)).toEqual({
    status: 'error',
    message: 'Too many live quote streams are open from your address.',
  });

  // Other addresses fill the total of 160, all at once.
  const others = await Promise.all(Array.from({ length: 150 }, (_, index) => openStream(`127.0.3.${index + 1}`)));
  for (const { response } of others) expect(response.status).toBe(200);
  const busy = (await openStream('127.0.4.1')).response;
  expect(busy.status).toBe(503);
  expect(busy.headers['retry-after']).toBe('30');
  expect(JSON.parse(busy.body)).toEqual({
    status: 'error',
    message: 'Live quotes are busy right now. Please try again shortly.',
  });

  // Closed streams give their slots back.
  for (const client of clients.splice(0)) client.destroy();
  await until(() => serverSockets.every(({ socket }) => socket.destroyed));
  expect((await openStream('127.0.4.1')).response.status).toBe(200);
  expect((await openStream('127.0.0.1')).response.status).toBe(200);
  for (const client of clients.splice(0)) client.destroy();
});

it('counts stream requests against the rate limit of their address', async () => {
  const responses = [];
  for (let index = 0; index < 41; index++) {
    const { socket, response } = await openStream('127.0.5.1');
    responses.push(response);
    socket.destroy();
  }
  expect(responses.slice(0, 40).map((response) => response.status)).toEqual(Array(40).fill(200));
  expect(responses[40]?.status).toBe(429);
  expect(responses[40]?.headers['retry-after']).toBeDefined();
  expect(JSON.parse(responses[40]?.body ?? '')).toEqual({
    status: 'error',
    message: 'Too many requests. Please try again later.',
  });
});

it('keeps the buffers of 150 clients that never read bounded while ticks go on, then drops them', async () => {
  const reader = (await openStream('127.0.0.1')).socket;
  let readerText = '';
  reader.on('data', (chunk: Buffer) => (readerText += chunk.toString()));
  const readerEvents = () => readerText.split('event: quote').length;

  const opened = await Promise.all(
    Array.from({ length: nonReaders }, (_, index) => openStream(`127.0.1.${index + 1}`, allSymbols)),
  );
  for (const { socket, response } of opened) {
    socket.pause();
    expect(response.status).toBe(200);
  }
  const stalling = await openStream('127.0.2.1', allSymbols);
  stalling.socket.pause();
  const stallingServerSide = serverSide('127.0.2.1')[0];

  const buffered = () =>
    serverSide('127.0.1.')
      .filter((socket) => !socket.destroyed)
      .reduce((sum, socket) => sum + socket.writableLength, 0);
  let most = 0;
  let resumedBytes = 0;
  const tick = async () => {
    const before = readerEvents();
    await testApp.database.db.$client.query("select pg_notify('market_ticks', '0')");
    await until(() => readerEvents() > before);
    most = Math.max(most, buffered());
    // One slow client catches up once its buffer is full: it stays connected, and gets ticks again.
    if (stallingServerSide?.writableNeedDrain && stalling.socket.isPaused()) {
      stalling.socket.on('data', (chunk: Buffer) => (resumedBytes += chunk.length));
      stalling.socket.resume();
    }
  };

  // Ticks until every non-reading client's buffer is full (the kernel's takes a few megabytes first), then more.
  const full = () => serverSide('127.0.1.').every((socket) => socket.destroyed || socket.writableNeedDrain);
  for (let ticks = 0; !full() && ticks < 1000; ticks++) await tick();
  expect(full()).toBe(true);
  const memoryBefore = process.memoryUsage().rss;
  for (let ticks = 0; ticks < 20; ticks++) await tick();

  // Without backpressure every tick added to each stalled client's buffer, so memory grew with every tick.
  expect(process.memoryUsage().rss - memoryBefore).toBeLessThan(48 * 1024 * 1024);
  expect(most).toBeLessThan(nonReaders * 128 * 1024);
  await until(() => serverSide('127.0.1.').every((socket) => socket.destroyed));

  expect(stallingServerSide?.destroyed).toBe(false);
  const before = resumedBytes;
  await tick();
  await until(() => resumedBytes > before);
}, 60_000);

it('gives back the slot of a client that left before its stream began', async () => {
  const { buildApp } = await import('../app.ts');
  const slow = await buildApp({
    ...testApp.dependencies,
    config: { ...testApp.config, streams: { ...testApp.config.streams, perAddress: 2 } },
  });
  // Requests wait a moment before their handler runs, as they may behind slower hooks under load.
  slow.addHook('onRequest', async () => sleep(150));
  await slow.listen({ port: 0, host: '127.0.0.1' });
  const address = slow.server.address();
  const slowPort = typeof address === 'object' && address ? address.port : 0;
  try {
    for (let index = 0; index < 3; index++) {
      const socket = await connect(slowPort, '127.0.5.1');
      socket.write('GET /api/stream/quotes?symbols=AAPL HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      socket.destroy();
    }
    await sleep(400);
    const open = [];
    for (let index = 0; index < 2; index++) {
      const socket = await connect(slowPort, '127.0.5.1');
      open.push(socket);
      expect((await get(socket, '/api/stream/quotes?symbols=AAPL')).status).toBe(200);
    }
    for (const socket of open) socket.destroy();
  } finally {
    await slow.close();
  }
});
