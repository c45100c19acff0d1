import path from 'node:path';
import { listOutbox, type OutboxEntry } from '../../../api/src/lib/mail/outbox.ts';

/** Waits for a new message to `to` whose subject contains `subject`, and marks it seen. */
export async function mailFromOutbox(
  dataDir: string,
  to: string,
  subject: string,
  seen: Set<string>,
): Promise<OutboxEntry> {
  const outbox = path.join(dataDir, 'outbox');
  for (let waited = 0; waited < 20_000; waited += 100) {
    const message = (await listOutbox(outbox)).find(
      (mail) => mail.to === to && mail.subject.includes(subject) && !seen.has(mail.file),
    );
    if (message) {
      seen.add(message.file);
      return message;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no '${subject}' mail to ${to} within 20 s`);
}

/** Waits for a new message to `to` whose subject contains `subject` and returns its six-digit code. */
export async function codeFromOutbox(dataDir: string, to: string, subject: string, seen: Set<string>): Promise<string> {
  const message = await mailFromOutbox(dataDir, to, subject, seen);
  const code = /\b(\d{6})\b/.exec(message.subject)?.[1];
  if (!code) throw new Error(`the subject '${message.subject}' carries no code`);
  return code;
}
