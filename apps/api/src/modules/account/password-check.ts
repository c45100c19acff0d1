import type { Database } from '../../db/client.ts';
import { withKeyLock } from '../../db/client.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import type { Throttle, ThrottleRule } from '../../lib/throttle.ts';

// A stolen token must not become a way to guess the password.
export const passwordCheckRules: ThrottleRule[] = [{ limit: 10, windowMs: 15 * 60 * 1000 }];

export function createPasswordCheck(db: Database, throttle: Throttle) {
  return async function passwordMatches(userId: string, passwordHash: string, password: string): Promise<boolean> {
    const key = `password-check:${userId}`;
    return withKeyLock(db, key, async (tx) => {
      await throttle.enforce(tx, key, passwordCheckRules);
      const matches = await verifyPassword(passwordHash, password);
      if (!matches) await throttle.record(tx, key);
      return matches;
    });
  };
}
