import { bigint, customType, index, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { userIdColumn, users } from './users.ts';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

export const passkeyCeremony = pgEnum('passkey_ceremony', ['registration', 'sign_in', 'second_step']);

/** A user's passkeys (WebAuthn credentials): the public key as the authenticator gave it, and its counter. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userIdColumn('cascade'),
    /** The credential id, base64url, as browsers send it back. */
    credentialId: text('credential_id').notNull().unique(),
    publicKey: bytea('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull(),
    transports: text('transports').array().notNull(),
    name: text('name').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    lastUsedAt: timestamptz('last_used_at'),
  },
  (table) => [index('passkeys_user_id_idx').on(table.userId, table.createdAt)],
);

/**
 * A challenge handed to a browser for one passkey ceremony: deleted when used, so it works once, and
 * only until it expires. Bound to the user for registration and the second step; sign-in has none yet.
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    challenge: text('challenge').primaryKey(),
    ceremony: passkeyCeremony('ceremony').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (table) => [
    index('passkey_challenges_expires_at_idx').on(table.expiresAt),
    // Deleting a user finds their challenges by this index rather than by scanning every challenge.
    index('passkey_challenges_user_id_idx').on(table.userId),
  ],
);
