import { z } from 'zod';
import {
  codePattern,
  isPhoneNumber,
  messages,
  requiredAsSpelled,
  requiredInWords,
  requiredShort,
  usernamePattern,
} from './auth-rules.ts';
import { emailProblem } from './email-identity.ts';

export * from './auth-rules.ts';
export * from './email-identity.ts';

const text = (required: string, max = 255) =>
  z.string({ error: required }).trim().min(1, required).max(max, `At most ${max} characters.`);

/** An email as typed: refused when it is not a plain address; `newAddress` when it is given to an account. */
export const emailText = (required: string, options: { newAddress?: boolean } = {}) =>
  text(required).superRefine((value, context) => {
    const problem = emailProblem(value, options);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

export const requiredString = (required: string) => z.string({ error: required }).min(1, required);

const id = (required: string) => z.coerce.number({ error: required }).int(required).positive(required);

export const signUpAccountFields = {
  first_name: text(requiredAsSpelled('first_name'), 100),
  last_name: text(requiredAsSpelled('last_name'), 100),
  email: emailText(requiredAsSpelled('email'), { newAddress: true }),
  username: text(requiredAsSpelled('username'), 30).pipe(z.string().regex(usernamePattern, messages.usernameFormat)),
  password: requiredString(requiredAsSpelled('password')),
  password_confirmation: requiredString(requiredAsSpelled('password_confirmation')),
};

export const contactFields = {
  phone: text(requiredAsSpelled('phone'), 30).refine(isPhoneNumber, messages.phoneFormat),
  address: text(requiredAsSpelled('address')),
  country_id: id(requiredAsSpelled('country_id')),
  state_id: id(requiredAsSpelled('state_id')),
  city: z.union([z.number().int().positive(), text(requiredAsSpelled('city'), 120)], {
    error: requiredAsSpelled('city'),
  }),
  zipcode: text(requiredAsSpelled('zipcode'), 20),
};

export const otherInformationFields = {
  date_of_birth: text(requiredInWords('date_of_birth'), 10).pipe(z.iso.date('Enter the date of birth as YYYY-MM-DD.')),
  nationality: id(requiredInWords('nationality')),
  currency_id: id(requiredInWords('currency_id')),
  experience: z.enum(['beginner', 'intermediate', 'advanced'], { error: requiredInWords('experience') }),
  employed: z.enum(['employed', 'unemployed'], { error: requiredInWords('employed') }),
  family: z.enum(['yes', 'no']).nullish(),
  referral: z.string().trim().max(100, 'At most 100 characters.').nullish(),
  terms: z.literal(true, { error: messages.termsRequired }),
};

export const registerRequest = z
  .object({ ...signUpAccountFields, ...contactFields, ...otherInformationFields })
  .refine((body) => body.password === body.password_confirmation, {
    message: messages.passwordsDoNotMatch,
    path: ['password_confirmation'],
  });
export type RegisterRequest = z.input<typeof registerRequest>;

/** A password checked on sign-up's first step, before the rest of the form is filled. */
export const passwordCheckRequest = z.object({ password: signUpAccountFields.password.max(1024) });

export const loginRequest = z.object({
  login: z
    .string({ error: requiredShort('login') })
    .trim()
    .min(1, requiredShort('login'))
    .max(255),
  password: requiredString(requiredShort('password')).max(1024),
});

export const codeRequest = z.object({
  code: z.string({ error: messages.invalidCode }).trim().regex(codePattern, messages.invalidCode),
});

const emailField = emailText(requiredShort('email'));

export const forgotPasswordRequest = z.object({ email: emailField });
export const verifyResetCodeRequest = z.object({ email: emailField, code: codeRequest.shape.code });

const newPasswordFields = {
  password: requiredString(requiredShort('password')),
  password_confirmation: requiredString(requiredShort('password_confirmation')),
};

/** A request's fields followed by a new password typed twice; the two must match. */
export const withNewPassword = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z
    .object({ ...shape, ...newPasswordFields })
    .refine((body: Record<string, unknown>) => body.password === body.password_confirmation, {
      message: messages.passwordsDoNotMatch,
      path: ['password_confirmation'],
    });

export const resetPasswordRequest = withNewPassword({ email: emailField, code: codeRequest.shape.code });

const incompleteLink = 'This link is incomplete. Open it again from the email.';
/** The link mailed while reset codes are locked after too many wrong ones: it sets a new password without a code. */
export const resetLinkRequest = withNewPassword({
  token: z.string({ error: incompleteLink }).regex(/^[A-Za-z0-9_-]{20,300}$/, incompleteLink),
});

export const currencySummary = z.object({ id: z.number(), code: z.string(), name: z.string(), sign: z.string() });

export const userResource = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  username: z.string(),
  phone: z.string(),
  address: z.string(),
  country_id: z.number(),
  state_id: z.number(),
  city_id: z.number().nullable(),
  city: z.string(),
  zipcode: z.string(),
  dob: z.string(),
  date_of_birth: z.string(),
  nationality: z.number(),
  currency_id: z.number(),
  experience: z.string(),
  employed: z.string(),
  family: z.string().nullable(),
  referral: z.string().nullable(),
  kyc: z.enum(['pending', 'submitted', 'approved', 'declined']),
  kyc_declined_reason: z.string().nullable(),
  id_type: z.enum(['drivers_license', 'international_passport', 'national_passport']).nullable(),
  id_number: z.string().nullable(),
  /** Authenticated URLs of the submitted images, with their file names. */
  front_id: z.string().nullable(),
  back_id: z.string().nullable(),
  front_id_name: z.string().nullable(),
  back_id_name: z.string().nullable(),
  pending_email: z.string().nullable(),
  role: z.enum(['investor', 'operator']),
  email_verified_at: z.string().nullable(),
  two_fa_activated_at: z.string().nullable(),
  /** Set once an authenticator app is confirmed: it is then the second step at sign-in. */
  authenticator_at: z.string().nullable(),
  /** Whether the user has registered a passkey (a strong second step, like the authenticator app). */
  has_passkey: z.boolean(),
  created_at: z.string(),
  /** The currency figures are shown in, converted at the reference rate; `currency_id` names it. */
  currency: currencySummary,
  /** The currency the wallets are held in: every amount the API returns and every amount typed. */
  settlement_currency: currencySummary,
});
export type UserResource = z.infer<typeof userResource>;

/** The user after a change to their account. */
export const userResourceResponse = z.object({ user: userResource });
export type UserResourceResponse = z.infer<typeof userResourceResponse>;

export const sessionResponse = z.object({ token: z.string(), user: userResource });
export type SessionResponse = z.infer<typeof sessionResponse>;
/**
 * A sign-in's response: `second_step` says the token waits for a code (two-factor, an operator, or many
 * failed sign-ins), and `second_step_method` where it comes from: the authenticator app or an email.
 */
export const loginResponse = sessionResponse.extend({
  second_step: z.boolean(),
  second_step_method: z.enum(['email', 'authenticator']).nullable(),
});
export type LoginResponse = z.infer<typeof loginResponse>;
