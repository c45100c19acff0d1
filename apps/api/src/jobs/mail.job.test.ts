import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { startSmtpServer } from '../../test/smtp-server.ts';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(() => testApp.close());

describe('mail through the job queue into the outbox', () => {
  it('sends a message and reads it back from the outbox', async () => {
    await testApp.dependencies.mail.queue({
      to: 'ada@example.com',
      subject: 'Your Itrust code is 493021 — café ✓',
      text: 'Your verification code is 493021.\nIt expires in 10 minutes.',
      html: '<p>Your verification code is <strong>493021</strong>.</p>',
    });

    const message = await testApp.outbox.waitFor('ada@example.com', 'Your Itrust code is 493021');
    expect(message.file).toMatch(/^\d{4}-\d{2}-\d{2}T[\d-]+Z-\d{6}-[0-9a-f]{6}-ada@example\.com\.eml$/);
    expect(message.to).toBe('ada@example.com');
    expect(message.from).toContain('no-reply@itrust.local');
    expect(message.subject).toBe('Your Itrust code is 493021 — café ✓');
    expect(message.text).toBe('Your verification code is 493021.\nIt expires in 10 minutes.');
    expect(message.html).toContain('<strong>493021</strong>');
  });

  it('lists and shows outbox messages at /dev/mail', async () => {
    const [message] = await testApp.outbox.all();
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
    const production = await createTestApp({ NODE_ENV: 'production', APP_SECRET: 'a'.repeat(32) });
    const response = await production.app.inject({ method: 'GET', url: '/dev/mail' });
    await production.close();
    expect(response.statusCode).toBe(404);
    expect(response.json().status).toBe('error');
  });
});

describe('mail over SMTP', () => {
  it('retries a refused message alone: the messages sent beside it go once', async () => {
    // The first message is held at the server, so the next three wait in the queue together.
    const smtp = await startSmtpServer({
      hold: (to) => to === 'held@example.com',
      holdMs: 1500,
      refuse: (to) => to === 'refused@example.com',
    });
    const withSmtp = await createTestApp({ SMTP_URL: smtp.url });
    try {
      const message = (to: string) => ({ to, subject: 'Hello', text: 'Hello.', html: '<p>Hello.</p>' });
      await withSmtp.dependencies.mail.queue(message('held@example.com'));
      await expect.poll(() => smtp.attempts.length, { timeout: 10_000 }).toBe(1);
      // Queued in one call: one insert, each message still retried on its own.
      await withSmtp.dependencies.mail.queue(
        ...['first@example.com', 'refused@example.com', 'last@example.com'].map(message),
      );
      smtp.release();
      await expect
        .poll(() => smtp.attempts.filter((to) => to === 'refused@example.com').length, { timeout: 20_000 })
        .toBeGreaterThanOrEqual(2);
      await expect.poll(() => smtp.delivered.includes('last@example.com'), { timeout: 10_000 }).toBe(true);
      expect(smtp.delivered.filter((to) => to === 'first@example.com')).toEqual(['first@example.com']);
      expect(smtp.delivered.filter((to) => to === 'last@example.com')).toEqual(['last@example.com']);
      expect(smtp.delivered).not.toContain('refused@example.com');
    } finally {
      await withSmtp.close();
      await smtp.close();
    }
  });

  it('sends the messages of one batch in the order they were queued', async () => {
    const smtp = await startSmtpServer({ hold: (to) => to === 'held@example.com', holdMs: 1500 });
    const withSmtp = await createTestApp({ SMTP_URL: smtp.url });
    try {
      const message = (to: string) => ({ to, subject: 'Code', text: 'Code.', html: '<p>Code.</p>' });
      await withSmtp.dependencies.mail.queue(message('held@example.com'));
      await expect.poll(() => smtp.attempts.length, { timeout: 10_000 }).toBe(1);
      // Queued while the first is held: they leave together, in one batch.
      const queued = Array.from({ length: 10 }, (_, index) => `code${index}@example.com`);
      for (const to of queued) await withSmtp.dependencies.mail.queue(message(to));
      smtp.release();
      await expect.poll(() => smtp.delivered.length, { timeout: 20_000 }).toBe(11);
      // First tries in queue order (a message refused on the way would be retried later, on its own).
      expect([...new Set(smtp.attempts)].slice(1)).toEqual(queued);
    } finally {
      await withSmtp.close();
      await smtp.close();
    }
  });
});
