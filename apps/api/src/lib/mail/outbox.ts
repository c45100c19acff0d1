import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseEml, type ParsedMail } from './eml.ts';

export type OutboxEntry = ParsedMail & { file: string };

// Orders messages written within the same millisecond by this process.
let sequence = 0;

const fileNamePattern = /^[\w.@+-]+\.eml$/;

export async function writeToOutbox(dir: string, recipient: string, raw: Buffer): Promise<string> {
  await fs.mkdir(dir, { recursive: true });
  const stamp = new Date().toISOString().replaceAll(':', '-').replace('.', '-');
  const safeRecipient = recipient.replace(/[^\w.@+-]/g, '_').slice(0, 100);
  sequence = (sequence + 1) % 1_000_000;
  const file = `${stamp}-${String(sequence).padStart(6, '0')}-${randomBytes(3).toString('hex')}-${safeRecipient}.eml`;
  // Written aside, then renamed: a reader listing the outbox never sees half a message.
  await fs.writeFile(path.join(dir, `${file}.partial`), raw);
  await fs.rename(path.join(dir, `${file}.partial`), path.join(dir, file));
  return file;
}

/** Newest first. */
export async function listOutbox(dir: string): Promise<OutboxEntry[]> {
  const files = await fs.readdir(dir).catch(() => [] as string[]);
  const emls = files
    .filter((file) => fileNamePattern.test(file))
    .sort()
    .reverse();
  return Promise.all(emls.map((file) => readOutboxMessage(dir, file) as Promise<OutboxEntry>));
}

export async function readOutboxMessage(dir: string, file: string): Promise<OutboxEntry | undefined> {
  if (!fileNamePattern.test(file)) return undefined;
  const raw = await fs.readFile(path.join(dir, file), 'utf8').catch(() => undefined);
  return raw === undefined ? undefined : { file, ...parseEml(raw) };
}
