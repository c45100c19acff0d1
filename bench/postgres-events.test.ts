import { expect, it } from 'vitest';
import { postgresEvents } from './postgres-events.ts';

it("keeps the checkpoints and autovacuums of PostgreSQL's log, with their times, and nothing else", () => {
  const log = [
    '2026-11-24 14:38:02.101 UTC [123] LOG:  checkpoint starting: time',
    '2026-11-24 14:38:05.000 UTC [124] LOG:  connection received: host=127.0.0.1 port=5000',
    '2026-11-24 14:39:40.250 UTC [130] LOG:  automatic vacuum of table "itrust.public.ledger_hourly": index scans: 1',
    '2026-11-24 14:40:31.900 UTC [123] LOG:  checkpoint complete: wrote 5120 buffers (31.2%)',
    '2026-11-24 14:40:32.000 UTC [131] LOG:  automatic analyze of table "itrust.public.transactions"',
    '',
  ].join('\n');
  expect(postgresEvents(log)).toEqual([
    '2026-11-24 14:38:02.101 UTC [123] LOG:  checkpoint starting: time',
    '2026-11-24 14:39:40.250 UTC [130] LOG:  automatic vacuum of table "itrust.public.ledger_hourly": index scans: 1',
    '2026-11-24 14:40:31.900 UTC [123] LOG:  checkpoint complete: wrote 5120 buffers (31.2%)',
    '2026-11-24 14:40:32.000 UTC [131] LOG:  automatic analyze of table "itrust.public.transactions"',
  ]);
});
