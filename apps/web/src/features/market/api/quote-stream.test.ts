import { afterEach, expect, it, vi } from 'vitest';

/** What the page sees of a browser's EventSource: a refused stream fails for good, a dropped one retries. */
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
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
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
