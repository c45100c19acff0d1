import { afterEach, expect, it, vi } from 'vitest';

/** What the page sees of a browser's EventSource: a refused stream fails for good, a dropped one retries. */
const asset = {
  id: 1,
  name: 'Apple',
  img: '/api/assets/AAPL/icon.svg',
  type: 'stocks',
  changes_percentage: '1.00',
  day_high: '3.00',
  day_low: '1.00',
  market_cap: '1000',
  previous_close: '2.00',
  avg_volume: '10',
  volume: '5',
  listed_on: '2020-01-01',
  rank: 1,
  watchers: 0,
  starred: false,
};

class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static created: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  readonly url: string;

  constructor(url: string) {
    super();
    this.url = url;
    FakeEventSource.created.push(this);
  }

  close() {
    this.readyState = FakeEventSource.CLOSED;
  }

  fail(readyState: number) {
    this.readyState = readyState;
    this.dispatchEvent(new Event('error'));
  }

  open() {
    this.readyState = FakeEventSource.OPEN;
    this.dispatchEvent(new Event('open'));
  }

  quote(symbol: string, price: string, fields: object = asset) {
    this.dispatchEvent(new MessageEvent('quote', { data: JSON.stringify({ ...fields, symbol, price }) }));
  }
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.resetModules();
  FakeEventSource.created = [];
});

it('shows a burst of quotes at once, in the next frame, and none of a symbol nobody watches or off contract', async () => {
  const frames: FrameRequestCallback[] = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  const { latestQuotes, watchQuotes } = await import('./quote-stream');
  const onQuote = vi.fn();
  const stop = watchQuotes(['AAPL', 'BTC'], onQuote);
  await Promise.resolve();
  const stream = FakeEventSource.created[0];
  stream?.quote('AAPL', '1.00');
  stream?.quote('BTC', '2.00');
  stream?.quote('AAPL', '3.00');
  stream?.quote('TSLA', '4.00');
  stream?.quote('BTC', '5.00', { ...asset, type: 'bonds' });
  expect(onQuote).not.toHaveBeenCalled();
  expect(frames).toHaveLength(1);
  frames.shift()?.(0);
  expect(onQuote).toHaveBeenCalledTimes(1);
  expect(Object.fromEntries(Object.entries(latestQuotes()).map(([symbol, quote]) => [symbol, quote.price]))).toEqual({
    AAPL: '3.00',
    BTC: '2.00',
  });
  stop();
});

it('opens a refused stream again after a pause that grows, and leaves a dropped one to the browser', async () => {
  vi.useFakeTimers();
  vi.stubGlobal('EventSource', FakeEventSource);
  const { watchQuotes } = await import('./quote-stream');
  const created = FakeEventSource.created;
  const stop = watchQuotes(['AAPL'], () => undefined);
  await Promise.resolve();
  expect(created.map((source) => source.url)).toEqual(['/api/stream/quotes?symbols=AAPL']);

  created[0]?.fail(FakeEventSource.CLOSED);
  await vi.advanceTimersByTimeAsync(22_000);
  expect(created).toHaveLength(1);
  await vi.advanceTimersByTimeAsync(16_000);
  expect(created).toHaveLength(2);

  created[1]?.fail(FakeEventSource.CLOSED);
  await vi.advanceTimersByTimeAsync(44_000);
  expect(created).toHaveLength(2);
  await vi.advanceTimersByTimeAsync(32_000);
  expect(created).toHaveLength(3);

  // Once a stream opens, the next refusal waits the shortest pause again.
  created[2]?.open();
  created[2]?.fail(FakeEventSource.CLOSED);
  await vi.advanceTimersByTimeAsync(38_000);
  expect(created).toHaveLength(4);

  created[3]?.fail(FakeEventSource.CONNECTING);
  await vi.advanceTimersByTimeAsync(10 * 60_000);
  expect(created).toHaveLength(4);

  stop();
  await Promise.resolve();
  expect(created[3]?.readyState).toBe(FakeEventSource.CLOSED);
});
