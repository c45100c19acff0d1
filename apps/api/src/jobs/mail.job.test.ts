import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createMailer } from '../lib/mail/mailer.ts';
import { listOutbox } from '../lib/mail/outbox.ts';
import { createMailQueue, registerMailJob } from './mail.job.ts';

let outboxDir: string;
let testApp: TestApp;
let boss: PgBoss;
const logged: string[] = [];

beforeAll(async () => {
  outboxDir = await mkdtemp(path.join(tmpdir(), 'itrust-outbox-'));
  testApp = await createTestApp({ MAIL_OUTBOX_DIR: outboxDir });
  boss = new PgBoss({ connectionString: testApp.database.url, useListenNotify: true });
  await boss.start();
  const mailer = createMailer({
    smtpUrl: undefined,
    from: 'Itrust <no-reply@itrust.test>',
    outboxDir,
    log: { info: (_details, message) => logged.push(message) },
  });
  await registerMailJob(boss, mailer);
});

afterAll(async () => {
  await boss.stop({ graceful: false });
  await testApp.close();
  await rm(outboxDir, { recursive: true, force: true });
});

async function waitForOutbox(count: number) {
  for (let waited = 0; waited < 15_000; waited += 100) {
    const messages = await listOutbox(outboxDir);
    if (messages.length >= count) return messages;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('no message reached the outbox within 15 s');
}

describe('mail through the job queue into the outbox', () => {
  it('sends a message and reads it back from the outbox', async () => {
    await createMailQueue(boss).queue({
      to: 'ada@example.com',
      subject: 'Your Itrust code is 493021 — café ✓',
      text: 'Your verification code is 493021.\nIt expires in 10 minutes.',
      html: '<p>Your verification code is <strong>493021</strong>.</p>',
    });

    const [message] = await waitForOutbox(1);
    expect(message?.file).toMatch(/^\d{4}-\d{2}-\d{2}T[\d-]+Z-[0-9a-f]{6}-ada@example\.com\.eml$/);
    expect(message?.to).toBe('ada@example.com');
    expect(message?.from).toContain('no-reply@itrust.test');
    expect(message?.subject).toBe('Your Itrust code is 493021 — café ✓');
    expect(message?.text).toBe('Your verification code is 493021.\nIt expires in 10 minutes.');
    expect(message?.html).toContain('<strong>493021</strong>');
    expect(logged).toContain('mail written to the outbox');
  });

  it('lists and shows outbox messages at /dev/mail', async () => {
    const [message] = await waitForOutbox(1);
    const list = await testApp.app.inject({ method: 'GET', url: '/dev/mail' });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toContain('text/html');
    expect(list.body).toContain('Your Itrust code is 493021 — café ✓');

    const shown = await testApp.app.inject({
      method: 'GET',
      url: `/dev/mail/${encodeURIComponent(message?.file ?? '')}`,
    });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('Your verification code is 493021.');
    expect(shown.body).toContain('&lt;strong&gt;493021&lt;/strong&gt;');

    const traversal = await testApp.app.inject({ method: 'GET', url: '/dev/mail/..%2F..%2Fetc%2Fpasswd' });
    expect(traversal.statusCode).toBe(404);
  });

  it('has no /dev/mail in production', async () => {
    const production = await createTestApp({ NODE_ENV: 'production', MAIL_OUTBOX_DIR: outboxDir });
    const response = await production.app.inject({ method: 'GET', url: '/dev/mail' });
    await production.close();
    expect(response.statusCode).toBe(404);
    expect(response.json().status).toBe('error');
  });
});
