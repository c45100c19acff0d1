import type { Job, JobResult, PgBoss } from 'pg-boss';
import type { MailMessage, Mailer } from '../lib/mail/mailer.ts';

const mailQueue = 'mail.send';

/**
 * Mail leaves through the queue so a slow or failing SMTP server never holds a request; failures
 * retry with backoff. Each message of a batch succeeds or fails on its own: a refused recipient
 * must not send the messages beside it a second time. New mail wakes the worker at once (NOTIFY);
 * the short backstop poll is what picks up a retry when it falls due.
 */
export async function registerMailJob(boss: PgBoss, mailer: Mailer): Promise<void> {
  await boss.createQueue(mailQueue, { retryLimit: 5, retryBackoff: true, notify: true });
  await boss.work(
    mailQueue,
    { pollingIntervalSeconds: 1, notifyPollingIntervalSeconds: 2, batchSize: 10, perJobResults: true },
    async (jobs: Job<MailMessage>[]) => {
      const results: JobResult[] = [];
      for (const job of jobs) {
        try {
          await mailer.send(job.data);
          results.push({ id: job.id, status: 'completed' });
        } catch (error) {
          results.push({ id: job.id, status: 'failed', output: { message: (error as Error).message } });
        }
      }
      return results;
    },
  );
}

export type MailQueue = { queue: (message: MailMessage) => Promise<void> };

export function createMailQueue(boss: PgBoss): MailQueue {
  return {
    queue: async (message) => {
      await boss.send(mailQueue, message);
    },
  };
}
