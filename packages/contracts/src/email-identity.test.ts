import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messages } from './auth-rules.ts';
import { emailMessages, emailProblem, normalizeEmail } from './email-identity.ts';

describe('normalizeEmail', () => {
  it.each([
    ['ÉLODIE@EXAMPLE.TEST', 'élodie@example.test'],
    ['élodie@example.test', 'élodie@example.test'],
    ['E\u0301LODIE@example.test', 'élodie@example.test'],
    ['ＥＬＯＤＩＥ@ｅｘａｍｐｌｅ.ｔｅｓｔ', 'elodie@example.test'],
    ['ΣΟΦΙΑΣ@example.test', 'σοφιασ@example.test'],
    ['σοφιας@example.test', 'σοφιασ@example.test'],
    ['  Ada@Example.COM ', 'ada@example.com'],
  ])('gives %s as %s', (typed, stored) => expect(normalizeEmail(typed)).toBe(stored));

  it('keeps a Cyrillic letter apart from the Latin one it looks like', () => {
    expect(normalizeEmail('\u0435lodie@example.test')).not.toBe(normalizeEmail('elodie@example.test'));
  });

  it('is the same after a second pass, for every code point and for any text', () => {
    for (let point = 0; point <= 0x10ffff; point += 1) {
      if (point >= 0xd800 && point <= 0xdfff) continue;
      const once = normalizeEmail(String.fromCodePoint(point));
      if (normalizeEmail(once) !== once) expect.fail(`U+${point.toString(16)} changes again`);
    }
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-composite' }), (text) => {
        const once = normalizeEmail(text);
        expect(normalizeEmail(once)).toBe(once);
      }),
    );
  });
});

describe('emailProblem', () => {
  it.each([
    '\u200b',
    '\u200c',
    '\u200d',
    '\u2060',
    '\ufeff',
    '\u00ad',
    '\u202e',
    '\u0000',
    '\u0007',
    '\u007f',
    '\u0085',
  ])('refuses U+%s inside an address', (character) => {
    expect(emailProblem(`elo${character}die@example.test`)).toBe(emailMessages.invisible);
    expect(emailProblem(`elodie@example${character}.test`)).toBe(emailMessages.invisible);
  });

  it.each([
    'elodie@example.test.',
    'elodie@example.test\uff0e',
    'elodie@example.test\u3002',
    'elodie@example.test\uff61',
  ])('refuses the trailing dot of %s', (email) => expect(emailProblem(email)).toBe(emailMessages.trailingDot));

  it.each([
    'elodie',
    'elodie@',
    'elodie@example',
    'elo die@example.test',
    'elodie@example..test',
    'elodie@a\u3002b.test',
  ])('refuses %j as not an address', (email) => expect(emailProblem(email)).toBe(messages.invalidEmail));

  it('refuses a new address whose local part or domain mixes alphabets, and only a new one', () => {
    for (const email of ['\u0435lodie@example.test', 'elodie@\u0435xample.test', 'p\u0430ypal@example.test']) {
      expect(emailProblem(email, { newAddress: true }), email).toBe(emailMessages.mixedScripts);
      expect(emailProblem(email), email).toBeUndefined();
    }
  });

  it.each([
    'élodie@example.test',
    'ＥＬＯＤＩＥ@example.test',
    'иван@пример.рф',
    'σοφια@example.gr',
    '山田tarō@例え.jp',
    'やまだ.タロウ@example.jp',
    '홍길동@example.kr',
    'ada+invest_2026@sub.example.co.uk',
  ])('accepts %s', (email) => expect(emailProblem(email, { newAddress: true })).toBeUndefined());
});
