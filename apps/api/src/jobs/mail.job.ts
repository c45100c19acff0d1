import type { PgBoss } from 'pg-boss';
import type { MailMessage, Mailer } from '../lib/mail/mailer.ts';

const mailQueue = 'mail.send';

/** Mail leaves through the queue so a slow or failing SMTP server never holds a request; failures retry with backoff. */
export async function registerMailJob(boss: PgBoss, mailer: Mailer): Promise<void> {
  await boss.createQueue(mailQueue, { retryLimit: 5, retryBackoff: true, notify: true });
  await boss.work<MailMessage>(mailQueue, { pollingIntervalSeconds: 1, batchSize: 10 }, async (jobs) => {
    for (const job of jobs) await mailer.send(job.data);
  });
}

export type MailQueue = { queue: (message: MailMessage) => Promise<void> };

export function createMailQueue(boss: PgBoss): MailQueue {
  return {
    queue: async (message) => {
      await boss.send(mailQueue, message);
    },
  };
}
