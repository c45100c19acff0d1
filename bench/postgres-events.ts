const backgroundWork = /checkpoint starting|checkpoint complete|automatic (vacuum|analyze)/;

/** PostgreSQL's own work beside the requests, so a run that overlapped it can be told from a slower machine. */
export function postgresEvents(log: string): string[] {
  return log
    .split('\n')
    .filter((line) => backgroundWork.test(line))
    .map((line) => line.trim().slice(0, 200));
}
