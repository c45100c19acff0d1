import { and, desc, eq, gt } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { throttleEvents } from '../db/schema/index.ts';
import type { Clock } from './clock.ts';
import { TooManyRequests } from './errors.ts';

/** At most `limit` events per `windowMs` for one key. */
export type ThrottleRule = { limit: number; windowMs: number };

/**
 * Counters for sign-in failures and code sends, stored in PostgreSQL so every API process sees
 * the same counts. Callers hold `withKeyLock` on the key when check and record must not race.
 */
export function createThrottle(clock: Clock) {
  /** Seconds until the key may have one more event under every rule; 0 when it may now. */
  async function retryAfterSeconds(db: Executor, key: string, rules: ThrottleRule[]): Promise<number> {
    const now = clock.now().getTime();
    let wait = 0;
    for (const rule of rules) {
      const counted = await db
        .select({ createdAt: throttleEvents.createdAt })
        .from(throttleEvents)
        .where(and(eq(throttleEvents.key, key), gt(throttleEvents.createdAt, new Date(now - rule.windowMs))))
        .orderBy(desc(throttleEvents.createdAt))
        .limit(rule.limit);
      const oldestCounted = counted[rule.limit - 1];
      if (oldestCounted) wait = Math.max(wait, oldestCounted.createdAt.getTime() + rule.windowMs - now);
    }
    return Math.ceil(wait / 1000);
  }

  async function record(db: Executor, key: string): Promise<void> {
    await db.insert(throttleEvents).values({ key, createdAt: clock.now() });
  }

  /** Throws 429 with Retry-After when the key is over a rule. */
  async function enforce(db: Executor, key: string, rules: ThrottleRule[], message?: (wait: string) => string) {
    const seconds = await retryAfterSeconds(db, key, rules);
    if (seconds <= 0) return;
    const wait = describeWait(seconds);
    throw new TooManyRequests(seconds, message ? message(wait) : `Too many attempts. Please try again in ${wait}.`);
  }

  return {
    retryAfterSeconds,
    record,
    enforce,
    async clear(db: Executor, key: string): Promise<void> {
      await db.delete(throttleEvents).where(eq(throttleEvents.key, key));
    },
    /** Enforces the rules, then counts one more event. */
    async consume(db: Executor, key: string, rules: ThrottleRule[], message?: (wait: string) => string) {
      await enforce(db, key, rules, message);
      await record(db, key);
    },
  };
}

export type Throttle = ReturnType<typeof createThrottle>;

export function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
