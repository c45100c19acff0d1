import { afterAll, beforeAll, expect, it } from 'vitest';
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import { createPipelinedReads, type PipelinedReads } from './pipelined-reads.ts';

let database: TestDatabase;
let reads: PipelinedReads;

beforeAll(async () => {
  database = await createTestDatabase();
  reads = createPipelinedReads(database.url, 2);
});
afterAll(async () => {
  await reads.end();
  await database.drop();
});

const valueOf = async (n: number) =>
  (await reads.query<{ n: number }>('select $1::int as n, pg_backend_pid() as pid', [n])).rows[0]?.n;

it('answers reads one after another on one connection, and many at once on both', async () => {
  const pidOf = async () => (await reads.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid;
  const oneByOne = new Set<number | undefined>();
  for (let n = 0; n < 20; n += 1) oneByOne.add(await pidOf());
  expect(oneByOne.size).toBe(1);
  const answers = await Promise.all(Array.from({ length: 200 }, (_, n) => valueOf(n)));
  expect(answers).toEqual(Array.from({ length: 200 }, (_, n) => n));
  expect(new Set(await Promise.all(Array.from({ length: 40 }, pidOf))).size).toBe(2);
  expect(reads.clients()).toHaveLength(2);
});

it('sends the reads issued in one turn of the event loop in one write', async () => {
  await valueOf(0);
  const [client] = reads.clients();
  const socket = (
    client as unknown as { connection: { stream: Record<'_write' | '_writev', (...args: never[]) => void> } }
  ).connection.stream;
  let writes = 0;
  for (const method of ['_write', '_writev'] as const) {
    const original = socket[method];
    socket[method] = (...args: never[]) => {
      writes += 1;
      original.apply(socket, args);
    };
  }
  const answers = await Promise.all(Array.from({ length: 10 }, (_, n) => valueOf(n)));
  // The counters were own properties over the stream's prototype methods: removing them restores those.
  for (const method of ['_write', '_writev'] as const) Reflect.deleteProperty(socket, method);
  expect(answers).toEqual(Array.from({ length: 10 }, (_, n) => n));
  expect(writes).toBe(1);
});

it('fails only the read that fails: the reads around it in the pipeline are answered', async () => {
  const [before, failed, after] = await Promise.allSettled([
    valueOf(1),
    reads.query('select 1 / $1::int', [0]),
    valueOf(3),
  ]);
  expect(before).toEqual({ status: 'fulfilled', value: 1 });
  expect(failed.status === 'rejected' && String(failed.reason)).toContain('division by zero');
  expect(after).toEqual({ status: 'fulfilled', value: 3 });
});

it('sends a read again on a new connection when its own is cut under it', async () => {
  await Promise.all([valueOf(1), valueOf(2)]);
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  try {
    const pids = async () =>
      (
        await Promise.all(
          reads.clients().map((client) => client.query<{ pid: number }>('select pg_backend_pid() as pid')),
        )
      ).map(({ rows }) => rows[0]?.pid);
    const cut = await pids();
    await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) pid', [cut]);
    expect(await Promise.all([valueOf(3), valueOf(4), valueOf(5)])).toEqual([3, 4, 5]);
    for (const pid of await pids()) expect(cut).not.toContain(pid);
  } finally {
    await admin.end();
  }
});

it('does not send again a read that PostgreSQL answered with an error', async () => {
  const before = reads.clients();
  await expect(reads.query('select no_such_column')).rejects.toThrow('does not exist');
  expect(reads.clients()).toEqual(before);
});

it('answers a read with an error, not silence, when the database cannot be reached', async () => {
  const nowhere = createPipelinedReads('postgres://nobody@127.0.0.1:1/none', 1);
  try {
    await expect(nowhere.query('select 1')).rejects.toThrow();
  } finally {
    await nowhere.end();
  }
});

it('refuses reads once ended', async () => {
  const ended = createPipelinedReads(database.url, 1);
  await ended.query('select 1');
  await ended.end();
  await expect(ended.query('select 1')).rejects.toThrow('The database reads were closed.');
});
