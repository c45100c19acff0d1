import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { parseEml } from './eml.ts';

async function build(message: { subject: string; text: string; html?: string }) {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const info = await transport.sendMail({ from: 'Itrust <no-reply@itrust.test>', to: 'zoë@example.com', ...message });
  return (info.message as Buffer).toString('utf8');
}

describe('parseEml', () => {
  it('reads a multipart message with encoded subject and quoted-printable bodies', async () => {
    const longLine = 'Ünïcödé '.repeat(30).trim();
    const parsed = parseEml(
      await build({
        subject: 'Código 123456 — ✓ verified',
        text: `Line one\n${longLine}\nCode=123456`,
        html: '<p>Hello</p>',
      }),
    );
    expect(parsed.subject).toBe('Código 123456 — ✓ verified');
    expect(parsed.to).toBe('zoë@example.com');
    expect(parsed.text).toBe(`Line one\n${longLine}\nCode=123456`);
    expect(parsed.html).toBe('<p>Hello</p>');
  });

  it('reads a plain single-part message', async () => {
    const parsed = parseEml(await build({ subject: 'Plain', text: 'Just text' }));
    expect(parsed.subject).toBe('Plain');
    expect(parsed.text).toBe('Just text');
    expect(parsed.html).toBe('');
  });
});
