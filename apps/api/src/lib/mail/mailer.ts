import nodemailer from 'nodemailer';
import { writeToOutbox } from './outbox.ts';

export type MailMessage = { to: string; subject: string; text: string; html: string };

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
