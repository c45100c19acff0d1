import http from 'node:http';
import { median, percentile, sum } from './stats.ts';

export type SteadyRequest = {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  headers: Record<string, string>;
  body?: string;
};
/** A request due `at` ms after the start, counted under `label` (its endpoint). */
export type Planned = { at: number; label: string; request: SteadyRequest };
export type Latencies = { count: number; p50: number; p99: number; errors: number };
export type SteadyResult = Latencies & { sent: number; rps: number; endpoints: Record<string, Latencies> };

function latenciesOf(times: number[], errors: number): Latencies {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    count: times.length,
    p50: Math.round(percentile(sorted, 0.5)),
    p99: Math.round(percentile(sorted, 0.99)),
    errors,
  };
}

/** Several runs of one endpoint: their counts and errors added up, the medians of their percentiles. */
export const mediansOf = (runs: Latencies[]): Latencies => ({
  count: sum(runs.map((run) => run.count)),
  p50: median(runs.map((run) => run.p50)),
  p99: median(runs.map((run) => run.p99)),
  errors: sum(runs.map((run) => run.errors)),
});

/** Each endpoint's medians over several runs of a day; an endpoint missing from a run counts none of it. */
export function mediansByEndpoint(samples: SteadyResult[]): Record<string, Latencies> {
  const labels = new Set(samples.flatMap((sample) => Object.keys(sample.endpoints)));
  return Object.fromEntries(
    [...labels].map((label) => [label, mediansOf(samples.flatMap((sample) => sample.endpoints[label] ?? []))]),
  );
}

/**
 * Sends each planned request when its time comes, whether or not earlier ones have had a response (an
 * open model), and times each from its due time, not from when a socket was free, so a queue in the
 * server shows in the latency instead of slowing the load down. `plan` is in order of `at`.
 */
export async function sendOnSchedule(url: string, plan: Planned[]): Promise<SteadyResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  const target = new URL(url);
  const labels = [...new Set(plan.map((planned) => planned.label))];
  const times = new Map(labels.map((label) => [label, [] as number[]]));
  const errors = new Map(labels.map((label) => [label, 0]));
  const inFlight: Promise<void>[] = [];
  const started = performance.now();

  const send = ({ at, label, request }: Planned) =>
    new Promise<void>((resolve) => {
      const due = started + at;
      const failed = () => errors.set(label, (errors.get(label) ?? 0) + 1);
      const outgoing = http.request({ host: target.hostname, port: target.port, agent, ...request }, (response) => {
        response.resume();
        response.on('end', () => {
          if ((response.statusCode ?? 0) >= 300) failed();
          times.get(label)?.push(performance.now() - due);
          resolve();
        });
      });
      outgoing.on('error', () => {
        failed();
        resolve();
      });
      outgoing.end(request.body);
    });

  let next = 0;
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const elapsed = performance.now() - started;
      for (; next < plan.length && (plan[next]?.at ?? Infinity) <= elapsed; next += 1) {
        const planned = plan[next];
        if (planned) inFlight.push(send(planned));
      }
      if (next < plan.length) return;
      clearInterval(timer);
      resolve();
    }, 1);
  });
  await Promise.all(inFlight);
  agent.destroy();
  const all = [...times.values()].flat();
  return {
    sent: plan.length,
    rps: Math.round((1000 * all.length) / (performance.now() - started)),
    ...latenciesOf(all, sum([...errors.values()])),
    endpoints: Object.fromEntries(
      labels.map((label) => [label, latenciesOf(times.get(label) ?? [], errors.get(label) ?? 0)]),
    ),
  };
}

export function evenly(next: () => SteadyRequest, rate: number, seconds: number, label = 'all'): Planned[] {
  return Array.from({ length: Math.round(rate * seconds) }, (_, index) => ({
    at: (index * 1000) / rate,
    label,
    request: next(),
  }));
}
