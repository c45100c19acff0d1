import nodemailer from 'nodemailer';
import { writeToOutbox } from './outbox.ts';

export type MailMessage = { to: string; subject: string; text: string; html: string };

export type Recipient = { email: string; firstName: string };

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

/** A greeting, the paragraphs and the signature; the HTML part shows the same paragraphs. */
export function plainMail(recipient: Recipient, subject: string, paragraphs: string[]): MailMessage {
  const lines = [`Hello ${recipient.firstName},`, ...paragraphs, 'Itrust'];
  return {
    to: recipient.email,
    subject,
    text: lines.join('\n\n'),
    html: lines.map((line) => `<p>${escapeHtml(line).replaceAll('\n', '<br>')}</p>`).join(''),
  };
}

export type Mailer = { send: (message: MailMessage) => Promise<void> };

export type MailLog = { info: (details: object, message: string) => void };

export type MailerOptions = { smtpUrl: string | undefined; from: string; outboxDir: string; log: MailLog };

/** SMTP when SMTP_URL is set; otherwise each message becomes an .eml file in the outbox. */
export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      send: async (message) => {
        await transport.sendMail({ from: options.from, ...message });
        options.log.info({ to: message.to, subject: message.subject }, 'mail sent over SMTP');
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    send: async (message) => {
      const info = await transport.sendMail({ from: options.from, ...message });
      const file = await writeToOutbox(options.outboxDir, message.to, info.message as Buffer);
      options.log.info({ to: message.to, subject: message.subject, file }, 'mail written to the outbox');
    },
  };
}
