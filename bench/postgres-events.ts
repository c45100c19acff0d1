/**
 * The lines of PostgreSQL's log that say it did work of its own beside the requests: checkpoints
 * (after one begins, the first change to each page writes the whole page to the WAL) and the
 * autovacuums and autoanalyzes it logged. Printed with each scenario's times, so a run that
 * overlapped one can be told from a slower machine.
 */
const backgroundWork = /checkpoint starting|checkpoint complete|automatic (vacuum|analyze)/;

export function postgresEvents(log: string): string[] {
  return log
    .split('\n')
    .filter((line) => backgroundWork.test(line))
    .map((line) => line.trim().slice(0, 200));
}
