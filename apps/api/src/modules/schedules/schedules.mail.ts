import { scheduleSkipLabels, type ScheduleSkipReason } from '@itrust/contracts';
import { plainMail, type Recipient } from '../../lib/mail/mailer.ts';

export const scheduleMail = {
  skipped: (recipient: Recipient, run: { what: string; slot: string; reason: ScheduleSkipReason }) =>
    plainMail(recipient, `Your recurring ${run.what} did not run`, [
      `Your recurring plan for ${run.what} was due on ${run.slot} and was skipped: ${scheduleSkipLabels[run.reason].toLowerCase()}.`,
      'It will run again at its next date. You can change or pause it under Recurring.',
    ]),
};
