import { sql, type SQL } from 'drizzle-orm';
import type { Database } from './client.ts';

const hour = 60 * 60;
const day = 24 * hour;

/** How long rows that only serve a short while are kept, in seconds. */
export const retention = {
  /** A replayed money request must come within a day. */
  idempotencyKeySeconds: day,
  /** Longer than the window of any throttle rule (the longest is an hour: code resends). */
  throttleEventSeconds: day,
  /**
   * An expired or revoked token, or a used or expired code, opens nothing; kept a week so that a late
   * code is still answered 'expired' rather than 'no active code'.
   */
  spentCredentialSeconds: 7 * day,
} as const;

// Small batches: each delete holds its row locks only briefly, beside the requests writing new rows.
const batchSize = 5000;

const purges: Record<string, (before: (seconds: number) => SQL) => SQL> = {
  idempotency_keys: (before) => sql`created_at < ${before(retention.idempotencyKeySeconds)}`,
  throttle_events: (before) => sql`created_at < ${before(retention.throttleEventSeconds)}`,
  access_tokens: (before) =>
    sql`expires_at < ${before(retention.spentCredentialSeconds)} or revoked_at < ${before(retention.spentCredentialSeconds)}`,
  verification_codes: (before) =>
    sql`expires_at < ${before(retention.spentCredentialSeconds)} or used_at < ${before(retention.spentCredentialSeconds)}`,
};

/**
 * Deletes the rows past their retention, table by table, in batches; returns how many went from
 * each. Without it these tables only grow: every money request from the web app adds a key.
 */
export async function purgeExpired(db: Database, now: Date): Promise<Record<string, number>> {
  const before = (seconds: number) => sql`${new Date(now.getTime() - seconds * 1000)}::timestamptz`;
  const removed: Record<string, number> = {};
  for (const [table, condition] of Object.entries(purges)) {
    removed[table] = 0;
    for (;;) {
      const result = await db.execute(sql`
        delete from ${sql.identifier(table)} where ctid = any(array(
          select ctid from ${sql.identifier(table)} where ${condition(before)} limit ${batchSize}))`);
      removed[table] += result.rowCount ?? 0;
      if ((result.rowCount ?? 0) < batchSize) break;
    }
  }
  return removed;
}
