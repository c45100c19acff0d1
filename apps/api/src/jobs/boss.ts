import { PgBoss } from 'pg-boss';

type ErrorLog = { error: (details: object, message: string) => void };

/** The job queue in PostgreSQL; LISTEN/NOTIFY wakes workers as soon as a job is sent. */
export function createJobQueue(databaseUrl: string): PgBoss {
  return new PgBoss({ connectionString: databaseUrl, max: 4, useListenNotify: true, application_name: 'itrust-jobs' });
}

export async function startJobQueue(boss: PgBoss, log: ErrorLog): Promise<void> {
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
}
