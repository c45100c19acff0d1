import { sql, type SQL } from 'drizzle-orm';
import type { Database } from './client.ts';

const hour = 60 * 60;
const day = 24 * hour;

/** How long rows that only serve a short while are stored, in seconds. */
export const retention = {
  /** A replayed money request must come within a day. */
  idempotencyKeySeconds: day,
  /** Longer than the window of any throttle rule (the longest is an hour: code resends). */
  throttleEventSeconds: day,
  /**
   * An expired or revoked token, or a used or expired code, opens nothing; stored a week so that a late
   * code still gets the response 'expired' rather than 'no active code'.
   */
  spentCredentialSeconds: 7 * day,
  /**
   * Wrong codes in a row are forgotten once they stop for this long, for every key alike, so rows of
   * emails without an account go too. A row locked for good stays: only its owner lifts it.
   */
  codeFailureSeconds: 30 * day,
} as const;

// Small batches: each delete holds its row locks only briefly, beside the requests writing new rows.
const batchSize = 5000;

/**
 * Without this purge these tables only grow: every money request from the web app adds a key.
 * `lockedForGood` is the count of wrong codes that locks a kind of code for good (the auth module's rule).
 */
export async function purgeExpired(db: Database, now: Date, lockedForGood: number): Promise<Record<string, number>> {
  const before = (seconds: number) => sql`${new Date(now.getTime() - seconds * 1000)}::timestamptz`;
  const spent = before(retention.spentCredentialSeconds);
  const purges: [string, SQL][] = [
    ['idempotency_keys', sql`created_at < ${before(retention.idempotencyKeySeconds)}`],
    ['throttle_events', sql`created_at < ${before(retention.throttleEventSeconds)}`],
    ['access_tokens', sql`expires_at < ${spent} or revoked_at < ${spent}`],
    ['verification_codes', sql`expires_at < ${spent} or used_at < ${spent}`],
    ['email_change_undos', sql`expires_at < ${spent} or used_at < ${spent}`],
    ['code_failures', sql`failures < ${lockedForGood} and updated_at < ${before(retention.codeFailureSeconds)}`],
  ];
  const removed: Record<string, number> = {};
  for (const [table, condition] of purges) {
    removed[table] = 0;
    for (;;) {
      const result = await db.execute(sql`
        delete from ${sql.identifier(table)} where ctid = any(array(
          select ctid from ${sql.identifier(table)} where ${condition} limit ${batchSize}))`);
      removed[table] += result.rowCount ?? 0;
      if ((result.rowCount ?? 0) < batchSize) break;
    }
  }
  return removed;
}
