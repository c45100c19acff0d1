import { once } from 'node:events';
import { Worker } from 'node:worker_threads';

export type ReferenceSource = {
  countries: { name: string; isoCode: string; phonecode: string; currency: string; flag: string }[];
  states: { countryCode: string; name: string; isoCode: string }[];
  cities: { countryCode: string; stateCode: string; name: string }[];
  /** Each country's English demonym, as world-countries gives it (repeats included). */
  demonyms: string[];
};

/**
 * Reads the lists in a worker thread, whose heap goes when it ends: imported here, the packages
 * would keep every city's strings in the server's heap for as long as it ran.
 */
export async function readReferenceSource(): Promise<ReferenceSource> {
  const worker = new Worker(new URL('./reference-source.worker.ts', import.meta.url));
  const exited = once(worker, 'exit');
  try {
    const [source] = (await Promise.race([
      once(worker, 'message'),
      exited.then(([code]) => {
        throw new Error(`the reference lists' worker stopped (exit code ${String(code)}) before answering`);
      }),
    ])) as [ReferenceSource];
    return source;
  } finally {
    await worker.terminate();
  }
}
