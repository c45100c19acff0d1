import { expect, it } from 'vitest';
import { hashPassword, isCommonPassword, verifyPassword } from './passwords.ts';

it('hashes with argon2id at the OWASP parameters and verifies', async () => {
  const hash = await hashPassword('correct horse battery staple');
  expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  expect(await verifyPassword(hash, 'correct horse battery staple')).toBe(true);
  expect(await verifyPassword(hash, 'Correct horse battery staple')).toBe(false);
  expect(await verifyPassword('not a hash', 'anything')).toBe(false);
});

it('keeps the event loop free while it hashes', async () => {
  let worstLagMs = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    worstLagMs = Math.max(worstLagMs, now - last - 5);
    last = now;
  }, 5);
  const started = performance.now();
  await Promise.all(Array.from({ length: 16 }, (_, index) => hashPassword(`password number ${index}`)));
  const hashingMs = performance.now() - started;
  clearInterval(timer);
  console.info(
    `16 argon2id hashes took ${Math.round(hashingMs)} ms; worst event-loop lag ${Math.round(worstLagMs)} ms`,
  );
  // Hashing on the event loop would stall the timer for about the whole hashing time.
  expect(worstLagMs).toBeLessThan(hashingMs / 3);
});

it('knows the common passwords, in any letter case', () => {
  expect(isCommonPassword('password123')).toBe(true);
  expect(isCommonPassword('Sunshine')).toBe(true);
  expect(isCommonPassword('a brand new passphrase 77')).toBe(false);
});
