import { z } from 'zod';
import { isPhoneNumber, messages, requiredShort } from './auth-rules.ts';
import { codeRequest, emailText, requiredString, withNewPassword } from './auth.ts';

export * from './kyc-rules.ts';

// A blank form field keeps the stored value, so blank means 'not given'.
const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;
const optionalText = (max: number) =>
  z.preprocess(blankToUndefined, z.string().trim().min(1).max(max, `At most ${max} characters.`).optional());
const optionalId = z.preprocess(
  blankToUndefined,
  z.coerce.number().int().positive('Choose an option from the list.').optional(),
);

export const profileUpdateRequest = z.object({
  _method: z.literal('PATCH').optional(),
  first_name: optionalText(100),
  last_name: optionalText(100),
  email: z.preprocess(blankToUndefined, emailText(messages.invalidEmail, { newAddress: true }).optional()),
  /** Needed only with a new email: a stolen token alone must not move the account to another address. */
  current_password: z.preprocess(blankToUndefined, z.string().max(1024).optional()),
  phone: z.preprocess(
    blankToUndefined,
    z.string().trim().max(30, 'At most 30 characters.').refine(isPhoneNumber, messages.phoneFormat).optional(),
  ),
  address: optionalText(255),
  country_id: optionalId,
  state_id: optionalId,
  city: z.preprocess(
    blankToUndefined,
    z.union([z.number().int().positive(), z.string().trim().min(1).max(120)]).optional(),
  ),
  zipcode: optionalText(20),
  dob: z.preprocess(blankToUndefined, z.iso.date('Enter the date of birth as YYYY-MM-DD.').optional()),
  nationality: optionalId,
  currency_id: optionalId,
});
export type ProfileUpdateRequest = z.input<typeof profileUpdateRequest>;

export const passwordChangeRequest = z
  .object({
    old_password: requiredString(requiredShort('old_password')),
    new_password: requiredString(requiredShort('new_password')),
    new_password_confirmation: requiredString(requiredShort('new_password_confirmation')),
  })
  .refine((body) => body.new_password === body.new_password_confirmation, {
    message: messages.passwordsDoNotMatch,
    path: ['new_password_confirmation'],
  });

/** A new email takes both codes: the one sent to it and the one sent to the current address. */
export const emailChangeConfirmRequest = z.object({
  new_email_code: codeRequest.shape.code,
  current_email_code: codeRequest.shape.code,
});

/** The link sent to the old address puts it back and sets a new password, which whoever changed it knew. */
export const emailChangeUndoRequest = withNewPassword({
  token: z
    .string({ error: 'This link is incomplete. Open it again from the email.' })
    .regex(/^[A-Za-z0-9_-]{20,200}$/, 'This link is incomplete. Open it again from the email.'),
});

/** Switching two-factor off needs the password or a fresh emailed code; switching it on needs nothing more. */
export const twoFactorToggleRequest = z
  .object({
    password: z.string().max(1024).optional(),
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, messages.invalidCode)
      .optional(),
  })
  .nullish();

export const notificationPreferences = z.object({
  price_alert: z.boolean(),
  device_login_alert: z.boolean(),
  email_notifications: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferences>;
export const notificationsResponse = z.object({ notifications: notificationPreferences });
export type NotificationsResponse = z.infer<typeof notificationsResponse>;
export const notificationPreferencesUpdate = notificationPreferences.partial().strict();
