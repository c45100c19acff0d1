import type { JobResult, JobWithMetadata, PgBoss } from 'pg-boss';
import type { MailMessage, Mailer } from '../lib/mail/mailer.ts';

const mailQueue = 'mail.send';

/**
 * Mail leaves through the queue so a slow or failing SMTP server never holds a request; failures
 * retry with backoff. Each message of a batch succeeds or fails on its own: a refused recipient
 * must not send the messages beside it a second time. Within a batch, mail goes in queue order.
 * New mail wakes the worker at once (NOTIFY); the short backstop poll is what picks up a retry
 * when it falls due.
 */
export async function registerMailJob(boss: PgBoss, mailer: Mailer): Promise<void> {
  await boss.createQueue(mailQueue, { retryLimit: 5, retryBackoff: true, notify: true });
  await boss.work(
    mailQueue,
    {
      pollingIntervalSeconds: 1,
      notifyPollingIntervalSeconds: 2,
      batchSize: 10,
      perJobResults: true,
      includeMetadata: true,
    },
    async (jobs: JobWithMetadata<QueuedMail>[]) => {
      const results: JobResult[] = [];
      // A batch comes back in no particular order; mail leaves in the order it was queued, so a
      // resent code never lands in the inbox before the code it replaced.
      for (const job of [...jobs].sort((a, b) => queuedOrder(a) - queuedOrder(b))) {
        try {
          await mailer.send(messageOf(job.data));
          results.push({ id: job.id, status: 'completed' });
        } catch (error) {
          results.push({ id: job.id, status: 'failed', output: { message: (error as Error).message } });
        }
      }
      return results;
    },
  );
}

/** Queues mail; several messages at once go in one insert, in the order given. */
export type MailQueue = { queue: (...messages: MailMessage[]) => Promise<void> };

/** A queued message carries its place in the queue: pg-boss stores the time only to the millisecond. */
type QueuedMail = MailMessage & { order?: number };

const queuedOrder = (job: JobWithMetadata<QueuedMail>) => job.data.order ?? job.createdOn.getTime() * 1000;
const messageOf = ({ to, subject, text, html }: QueuedMail): MailMessage => ({ to, subject, text, html });

export function createMailQueue(boss: PgBoss): MailQueue {
  // Microseconds since the epoch, strictly increasing in this process even within one millisecond.
  let last = 0;
  return {
    queue: async (...messages) => {
      const jobs = messages.map((message) => {
        last = Math.max(last + 1, Date.now() * 1000);
        return { data: { ...message, order: last } };
      });
      if (jobs.length > 0) await boss.insert(mailQueue, jobs);
    },
  };
}
