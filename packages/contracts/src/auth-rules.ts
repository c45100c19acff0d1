// Rules and messages shared with the browser without pulling zod into the sign-in bundle.

/** Text before an @, text after it, a dot in the domain part, no whitespace. */
export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const codePattern = /^\d{6}$/;
export const usernamePattern = /^[A-Za-z0-9._-]{3,30}$/;

/** A phone number as people write one: digits with spaces, dots, dashes or brackets, an optional leading +, 7 to 15 digits (E.164's most). */
export function isPhoneNumber(text: string): boolean {
  const digits = text.replace(/\D/g, '').length;
  return /^\+?[\d\s().-]+$/.test(text) && digits >= 7 && digits <= 15;
}

export const messages = {
  passwordsDoNotMatch: 'Passwords do not match!',
  termsRequired: 'You must agree to the terms and conditions.',
  invalidCode: 'Invalid OTP code!',
  invalidEmail: 'The email must be a valid email address.',
  passwordLength: 'The password must be between 8 and 128 characters.',
  commonPassword: 'This password is too common. Choose one that is harder to guess.',
  underage: 'You must be at least 18 years old to open an account.',
  phoneFormat: 'Enter a phone number of 7 to 15 digits, like +44 20 7946 0958.',
  usernameFormat: 'The username may only contain letters, numbers, dots, dashes and underscores (3 to 30 characters).',
} as const;

/** A new password's length rule (NIST 800-63B: length, no composition rules); the server adds a common-password check. */
export const passwordLengthProblem = (password: string): string | undefined =>
  password.length < 8 || password.length > 128 ? messages.passwordLength : undefined;

/** Sign-up step 1 and the contact step: '{field} is required!' with the field as spelled. */
export const requiredAsSpelled = (field: string) => `${field} is required!`;
/** Sign-up step 2: the field name with underscores as spaces, then ' is required!'. */
export const requiredInWords = (field: string) => `${field.replaceAll('_', ' ')} is required!`;
/** Sign-in and the new-password screen: '{field} required!'. */
export const requiredShort = (field: string) => `${field} required!`;
