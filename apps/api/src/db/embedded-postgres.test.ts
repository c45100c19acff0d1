import { totalmem } from 'node:os';
import { expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.ts';
import { sharedBuffersFor } from './embedded-postgres.ts';

const gib = 2 ** 30;

it('gives the embedded server a quarter of the memory for shared buffers, between 128 MB and 1 GB', () => {
  expect(sharedBuffersFor(24 * gib)).toBe('1024MB');
  expect(sharedBuffersFor(2 * gib)).toBe('512MB');
  expect(sharedBuffersFor(256 * 2 ** 20)).toBe('128MB');
});

it('starts the embedded server with that size unless told otherwise', async () => {
  const database = await createTestDatabase();
  try {
    const { rows } = await database.db.$client.query<{ running: string; expected: string }>(
      "select pg_size_bytes(current_setting('shared_buffers')) as running, pg_size_bytes($1) as expected",
      [sharedBuffersFor(totalmem())],
    );
    expect(rows[0]?.running).toBe(rows[0]?.expected);
  } finally {
    await database.drop();
  }
});
