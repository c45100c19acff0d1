import http from 'node:http';

export type SteadyRequest = { method: 'GET' | 'POST'; path: string; headers: Record<string, string>; body?: string };
export type SteadyResult = { sent: number; rps: number; p50: number; p99: number; errors: number };

const percentile = (sorted: number[], fraction: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? NaN;

/**
 * Sends requests at a steady `rate` a second for `seconds`, each when its turn comes whether or not
 * earlier ones have answered (an open loop), and times each from its turn, not from when a socket
 * was free, so a queue in the server shows in the latency instead of slowing the load down.
 * autocannon's rate option sends each second's quota at once, at the start of the second.
 */
export async function steadyLoad(
  url: string,
  next: () => SteadyRequest,
  rate: number,
  seconds: number,
): Promise<SteadyResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const target = new URL(url);
  const latencies: number[] = [];
  let errors = 0;
  let sent = 0;
  const total = Math.round(rate * seconds);
  const started = performance.now();
  const answered: Promise<void>[] = [];

  const send = (due: number) => {
    const request = next();
    answered.push(
      new Promise<void>((resolve) => {
        const outgoing = http.request(
          {
            host: target.hostname,
            port: target.port,
            agent,
            method: request.method,
            path: request.path,
            headers: request.headers,
          },
          (response) => {
            response.resume();
            response.on('end', () => {
              if ((response.statusCode ?? 0) >= 300) errors += 1;
              latencies.push(performance.now() - due);
              resolve();
            });
          },
        );
        outgoing.on('error', () => {
          errors += 1;
          resolve();
        });
        outgoing.end(request.body);
      }),
    );
  };

  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const elapsed = performance.now() - started;
      // Every request whose turn has come, each timed from its own turn.
      while (sent < total && (sent * 1000) / rate <= elapsed) {
        send(started + (sent * 1000) / rate);
        sent += 1;
      }
      if (sent >= total) {
        clearInterval(timer);
        resolve();
      }
    }, 1);
  });
  await Promise.all(answered);
  agent.destroy();
  const elapsedSeconds = (performance.now() - started) / 1000;
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    sent,
    rps: Math.round(latencies.length / elapsedSeconds),
    p50: Math.round(percentile(sorted, 0.5)),
    p99: Math.round(percentile(sorted, 0.99)),
    errors,
  };
}
