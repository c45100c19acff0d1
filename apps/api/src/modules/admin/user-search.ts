import { ilike, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/**
 * Investors whose email, username or full name contains `search`, case-insensitive, at most 25.
 * Terms of three or more characters are found through the trigram indexes on `users`.
 */
export function matchingUsers(db: Executor, search: string) {
  const pattern = `%${search.replace(/[%_\\]/g, (char) => `\\${char}`)}%`;
  return (
    db
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
}
