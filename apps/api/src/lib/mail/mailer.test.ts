import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { createMailer } from './mailer.ts';
import { listOutbox } from './outbox.ts';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

it('without SMTP_URL writes one .eml per message to the outbox and logs a line', async () => {
  const outboxDir = await mkdtemp(path.join(tmpdir(), 'itrust-mailer-'));
  dirs.push(outboxDir);
  const logged: { details: object; message: string }[] = [];
  const mailer = createMailer({
    smtpUrl: undefined,
    from: 'Itrust <no-reply@itrust.test>',
    outboxDir,
    log: { info: (details, message) => logged.push({ details, message }) },
  });

  await mailer.send({ to: 'grace@example.com', subject: 'Code 111111', text: 'one', html: '<p>one</p>' });
  await mailer.send({ to: 'grace@example.com', subject: 'Code 222222', text: 'two', html: '<p>two</p>' });

  expect(await readdir(outboxDir)).toHaveLength(2);
  const [newest, oldest] = await listOutbox(outboxDir);
  expect(newest?.subject).toBe('Code 222222');
  expect(oldest?.subject).toBe('Code 111111');
  expect(logged.map((entry) => entry.message)).toEqual(['mail written to the outbox', 'mail written to the outbox']);
  expect(logged[0]?.details).toMatchObject({ to: 'grace@example.com', subject: 'Code 111111', file: oldest?.file });
});
