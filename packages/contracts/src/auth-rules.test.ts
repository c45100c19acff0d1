import { describe, expect, it } from 'vitest';
import { isPhoneNumber, passwordLengthProblem } from './auth-rules.ts';

describe('isPhoneNumber', () => {
  it.each(['+44 20 7946 0958', '(212) 555-0142', '212.555.0142', '+33612345678', '0612345'])('takes %s', (text) =>
    expect(isPhoneNumber(text)).toBe(true),
  );

  it.each(['abc', '123456', '+1234567890123456', '+44 20 7946 0958 ext. 12', '++44 20 7946 0958', '-', ''])(
    'refuses %j',
    (text) => expect(isPhoneNumber(text)).toBe(false),
  );
});

describe('passwordLengthProblem', () => {
  it.each(['12345678', 'x'.repeat(128)])('takes a password of %#', (password) =>
    expect(passwordLengthProblem(password)).toBeUndefined(),
  );
  it.each(['', 'short', '1234567', 'x'.repeat(129)])('refuses %j', (password) =>
    expect(passwordLengthProblem(password)).toBe('The password must be between 8 and 128 characters.'),
  );
});
