import { bigint, customType, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { userIdColumn } from './users.ts';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * A user's authenticator app (TOTP). The secret must be read back to check codes, so it is stored
 * encrypted under the app secret. `lastStep` is the last time step accepted: a code works once.
 */
export const authenticators = pgTable('authenticators', {
  userId: userIdColumn('cascade').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: timestamptz('created_at').notNull(),
  confirmedAt: timestamptz('confirmed_at'),
  lastStep: bigint('last_step', { mode: 'number' }),
});

/** Single-use codes that stand in for the second step, stored as an HMAC like the emailed codes. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userIdColumn('cascade'),
    codeHash: bytea('code_hash').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (table) => [index('recovery_codes_user_id_idx').on(table.userId)],
);
