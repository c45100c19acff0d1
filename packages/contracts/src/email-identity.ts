// One spelling per mailbox: every email the product stores or looks up goes through normalizeEmail.

import { emailPattern, messages } from './auth-rules.ts';

export const emailMessages = {
  invisible: 'The email must not contain invisible or control characters.',
  trailingDot: 'The email must not end with a dot.',
  mixedScripts:
    'The email mixes letters of different alphabets (for example Latin and Cyrillic) in one part. Use one alphabet per part.',
} as const;

/**
 * The one form of an email address that is stored and compared: NFKC (fullwidth letters and
 * composed accents become plain ones), then lower case, done here and nowhere else. Greek final
 * sigma is folded too, which lower case alone leaves depending on its position.
 */
export function normalizeEmail(text: string): string {
  return text.normalize('NFKC').toLowerCase().normalize('NFKC').replaceAll('ς', 'σ').trim();
}

/**
 * The one form of a sign-in name: an email (normalizeEmail) when it holds an '@' once normalized,
 * otherwise a username in lower case (usernames are ASCII, compared without letter case).
 */
export function normalizeLogin(login: string): { email: string } | { username: string } {
  const email = normalizeEmail(login);
  return email.includes('@') ? { email } : { username: login.trim().toLowerCase() };
}

// Zero-width characters, bidi controls, soft hyphens, variation selectors and control characters.
const invisible = /[\p{Cc}\p{Default_Ignorable_Code_Point}]/u;

const scripts = [
  'Latin',
  'Greek',
  'Cyrillic',
  'Armenian',
  'Georgian',
  'Cherokee',
  'Hebrew',
  'Arabic',
  'Devanagari',
  'Bengali',
  'Tamil',
  'Thai',
  'Ethiopic',
  'Han',
  'Hiragana',
  'Katakana',
  'Hangul',
  'Bopomofo',
] as const;
const scriptPatterns = scripts.map((script) => [script, new RegExp(`\\p{Script=${script}}`, 'u')] as const);
// Writing systems that mix scripts by nature (Unicode TR39, highly restrictive).
const allowedMixes = [
  ['Latin', 'Han', 'Hiragana', 'Katakana'],
  ['Latin', 'Han', 'Bopomofo'],
  ['Latin', 'Han', 'Hangul'],
];

function scriptsOf(part: string): Set<string> {
  const found = new Set<string>();
  for (const letter of part.match(/\p{L}/gu) ?? []) {
    found.add(scriptPatterns.find(([, pattern]) => pattern.test(letter))?.[0] ?? 'other');
  }
  return found;
}

function mixesScripts(part: string): boolean {
  const found = [...scriptsOf(part)];
  return found.length > 1 && !allowedMixes.some((mix) => found.every((script) => mix.includes(script)));
}

/**
 * Why an email cannot be accepted, or undefined. `newAddress` adds the check made only on an address
 * being given to an account: no part may mix alphabets, so a lookalike cannot pose as another address.
 */
export function emailProblem(text: string, { newAddress = false } = {}): string | undefined {
  if (invisible.test(text)) return emailMessages.invisible;
  const email = normalizeEmail(text);
  if (!emailPattern.test(email)) return messages.invalidEmail;
  // An ideographic full stop is a dot in a domain name as well.
  if (/[.\u3002]$/u.test(email)) return emailMessages.trailingDot;
  const [local = '', domain = ''] = email.split('@');
  if (domain.includes('\u3002') || domain.split('.').includes('')) return messages.invalidEmail;
  if (newAddress && (mixesScripts(local) || domain.split('.').some(mixesScripts))) return emailMessages.mixedScripts;
  return undefined;
}
