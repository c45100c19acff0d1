import { sql } from 'drizzle-orm';
import { boolean, customType, index, pgTable, uuid } from 'drizzle-orm/pg-core';

const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

/**
 * The users whose data a transaction changed (null: data every user's answers read), written by
 * triggers (migration 0015) and read by each API process's change feed (db/change-feed.ts), which
 * drops what it keeps of them. Unlogged: after a crash it starts empty, and every process, having
 * lost its connections, drops everything it kept.
 */
export const userChanges = pgTable(
  'user_changes',
  {
    xid: xid8('xid')
      .notNull()
      .default(sql`pg_current_xact_id()`),
    userId: uuid('user_id'),
    /** A change to who the user is or to their tokens, which kept sessions read (not only their data). */
    account: boolean('account').notNull(),
  },
  (table) => [index('user_changes_xid_idx').on(table.xid)],
);
