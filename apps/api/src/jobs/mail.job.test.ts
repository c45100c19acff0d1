import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';

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
