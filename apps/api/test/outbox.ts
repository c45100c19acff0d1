import { listOutbox, type OutboxEntry } from '../src/lib/mail/outbox.ts';

export type OutboxReader = {
  /** Waits for the newest message to `to` whose subject contains `subject`, skipping `seen` files. */
  waitFor: (to: string, subject: string, seen?: Set<string>) => Promise<OutboxEntry>;
  /** The six-digit code of the newest such message. */
  code: (to: string, subject: string) => Promise<string>;
  all: () => Promise<OutboxEntry[]>;
};

export function createOutboxReader(dir: string): OutboxReader {
  const taken = new Set<string>();
  async function waitFor(to: string, subject: string, seen = taken): Promise<OutboxEntry> {
    for (let waited = 0; waited < 30_000; waited += 50) {
      const found = (await listOutbox(dir)).find(
        (message) => message.to === to && message.subject.includes(subject) && !seen.has(message.file),
      );
      if (found) {
        seen.add(found.file);
        return found;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no mail to ${to} about '${subject}' within 30 s`);
  }
  return {
    waitFor,
    code: async (to, subject) => {
      const message = await waitFor(to, subject);
      const code = /\b(\d{6})\b/.exec(message.subject)?.[1];
      if (!code) throw new Error(`no code in '${message.subject}'`);
      return code;
    },
    all: () => listOutbox(dir),
  };
}
