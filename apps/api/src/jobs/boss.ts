import { PgBoss } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';

/** The job queue in PostgreSQL; LISTEN/NOTIFY wakes workers as soon as a job is sent. */
export async function startJobQueue(databaseUrl: string, log: FastifyBaseLogger): Promise<PgBoss> {
  const boss = new PgBoss({
    connectionString: databaseUrl,
    max: 4,
    useListenNotify: true,
    application_name: 'itrust-jobs',
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  return boss;
}
