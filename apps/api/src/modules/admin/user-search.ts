import { ilike, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/**
 * Investors whose email, username or full name contains `search`, case-insensitive, at most 25.
 * Terms of three or more characters are found through the trigram indexes on `users`.
 */
export function matchingUsers(db: Database | Transaction, search: string) {
  const pattern = `%${search.replace(/[%_\\]/g, (char) => `\\${char}`)}%`;
  return db.transaction(async (tx) => {
    // A prepared statement's generic plan cannot know the term's length; planned for the index, a
    // term under three characters, which no trigram can narrow, reads the whole of each index
    // before the table (14 ms against 8 for the table alone at 10,000 investors).
    await tx.execute(sql`set local plan_cache_mode = force_custom_plan`);
    return (
      tx
        .select()
        .from(users)
        .where(
          or(
            ilike(users.email, pattern),
            ilike(users.username, pattern),
            ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
          ),
        )
        // Sorted by an expression, not the column: walking the unique index on email in order until
        // 25 rows match would read every user when fewer match.
        .orderBy(sql`lower(${users.email})`)
        .limit(25)
    );
  });
}
