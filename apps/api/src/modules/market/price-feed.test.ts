import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createTestClock } from '../../../test/app.ts';
import { createTestDatabase } from '../../../test/database.ts';
import { get, testApp, useMarketApp } from '../../../test/market-app.ts';
import { pruneBars, runTick } from './tick.ts';

useMarketApp();

describe('price history', () => {
  const spacings = async (range: string) => {
    const { points } = (await get(`/api/assets/AAPL/history?range=${range}`)).json().data as {
      points: { time: number; value: string }[];
    };
    const gaps = new Set(points.slice(1).map((point, index) => point.time - (points[index]?.time ?? 0)));
    return { count: points.length, gaps };
  };

  it('answers every range with the expected spacing', async () => {
    expect(await spacings('1d')).toMatchObject({ gaps: new Set([300]) });
    expect((await spacings('1d')).count).toBeGreaterThanOrEqual(288);
    expect(await spacings('7d')).toMatchObject({ gaps: new Set([3600]) });
    expect((await spacings('30d')).count).toBeGreaterThanOrEqual(720);
    expect(await spacings('1yr')).toMatchObject({ gaps: new Set([86400]) });
    expect((await spacings('1yr')).count).toBeGreaterThanOrEqual(365);
    expect((await spacings('all')).count).toBeGreaterThanOrEqual(1825);
  });

  it('shows a new bar at once', async () => {
    const lastValue = async () =>
      ((await get('/api/assets/msft/history?range=7d')).json().data.points as { value: string }[]).at(-1)?.value;
    const before = await lastValue();
    await testApp.database.db.$client.query(
      `update price_bars set close = close + 1 where resolution = '1h' and starts_at = (
        select max(starts_at) from price_bars where resolution = '1h' and asset_id = (select id from assets where symbol = 'MSFT'))
        and asset_id = (select id from assets where symbol = 'MSFT')`,
    );
    expect(await lastValue()).not.toBe(before);
  });

  it('refuses an unknown asset or range', async () => {
    expect((await get('/api/assets/NOPE/history?range=1d')).statusCode).toBe(404);
    expect((await get('/api/assets/NOPE/history?range=1d')).statusCode).toBe(404);
    expect((await get('/api/assets/AAPL/history?range=2d')).statusCode).toBe(422);
  });
});

describe('the simulated feed', () => {
  it('is deterministic: the same seed and clock give the same prices, another seed others', async () => {
    const databases = await Promise.all([createTestDatabase(), createTestDatabase(), createTestDatabase()]);
    const base = Date.now();
    const later = (minutes: number) => ({ now: () => new Date(base + minutes * 60_000) });
    const quotes = async (index: number) =>
      (
        await databases[index]!.db.$client.query(
          'select asset_id, price, day_high, day_low, volume from asset_quotes order by asset_id',
        )
      ).rows;
    for (const minutes of [1, 2, 3]) {
      await runTick(databases[0].db, later(minutes), 7);
      await runTick(databases[1].db, later(minutes), 7);
      await runTick(databases[2].db, later(minutes), 8);
    }
    const [first, second, other] = [await quotes(0), await quotes(1), await quotes(2)];
    await Promise.all(databases.map((database) => database.drop()));
    expect(second).toEqual(first);
    expect(other.map((row) => row.price)).not.toEqual(first.map((row) => row.price));
  });

  it('rolls the day: the last price becomes the previous close and volume starts again', async () => {
    const database = await createTestDatabase();
    const clock = createTestClock(new Date(Date.now() + 60_000));
    await runTick(database.db, clock, 1);
    const before = (
      await database.db.$client.query(
        "select q.* from asset_quotes q join assets a on a.id = q.asset_id where a.symbol = 'MSFT'",
      )
    ).rows[0];
    clock.advance(24 * 60 * 60 * 1000);
    await runTick(database.db, clock, 1);
    const after = (
      await database.db.$client.query(
        "select q.* from asset_quotes q join assets a on a.id = q.asset_id where a.symbol = 'MSFT'",
      )
    ).rows[0];
    const pruned = await pruneBars(database.db, {
      now: () => new Date(clock.now().getTime() + 3 * 24 * 60 * 60 * 1000),
    });
    await database.drop();
    expect(after.previous_close).toBe(before.price);
    expect(Number(after.volume)).toBeLessThan(Number(before.volume) + Number(before.avg_volume) * 1.6);
    expect(after.day_open).toBe(after.price);
    expect(pruned).toBeGreaterThan(0);
  });

  it('reaches an SSE client of another API process when one process ticks', async () => {
    const other = await buildApp(testApp.dependencies);
    await other.listen({ port: 0, host: '127.0.0.1' });
    const address = other.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const controller = new AbortController();
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/stream/quotes?symbols=BTC,AAPL`, {
        signal: controller.signal,
      });
      expect(response.headers.get('content-type')).toContain('text/event-stream');
      expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      const reader = response.body!.getReader();
      const events: { symbol: string; price: string }[] = [];
      const decoder = new TextDecoder();
      let buffer = '';
      const readUntil = async (count: number) => {
        while (events.length < count) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value);
          for (const match of buffer.matchAll(/event: quote\ndata: (.+)\n\n/g))
            events.push(JSON.parse(match[1] ?? '{}'));
          buffer = buffer.slice(buffer.lastIndexOf('\n\n') + 2);
        }
      };
      await readUntil(2);
      const snapshot = new Map(events.map((event) => [event.symbol, event.price]));
      expect([...snapshot.keys()].sort()).toEqual(['AAPL', 'BTC']);
      await runTick(testApp.database.db, { now: () => new Date(Date.now() + 5 * 60_000) }, 99);
      await readUntil(4);
      const updated = events.slice(2);
      expect(updated.map((event) => event.symbol).sort()).toEqual(['AAPL', 'BTC']);
      expect(updated.some((event) => event.price !== snapshot.get(event.symbol))).toBe(true);
    } finally {
      controller.abort();
      await other.close();
    }
  });
});
