import { bigserial, customType, index, integer, pgEnum, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { userIdColumn } from './users.ts';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

export const tokenScope = pgEnum('token_scope', ['full', 'two_fa']);
export const codePurpose = pgEnum('code_purpose', [
  'email_verification',
  'two_fa',
  'password_reset',
  'email_change',
  'two_fa_disable',
  'email_change_current',
  'step_up',
]);

/**
 * Bearer tokens, stored only as their SHA-256. A 'two_fa' token may only finish the second sign-in step.
 * A full token is a signed-in session: its browser and network are kept to list it under Security.
 */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userIdColumn('cascade'),
    tokenHash: bytea('token_hash').notNull().unique(),
    scope: tokenScope('scope').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
    userAgent: text('user_agent'),
    /** The /24 (IPv4) or /48 (IPv6) network signed in from: where, roughly, without the address. */
    addressPrefix: text('address_prefix'),
    lastSeenAt: timestamptz('last_seen_at'),
    /** When this session last proved the user's second step (at sign-in or a step-up), and with what. */
    secondStepAt: timestamptz('second_step_at'),
    secondStepMethod: text('second_step_method'),
  },
  (table) => [index('access_tokens_user_id_idx').on(table.userId)],
);

/** Six-digit codes sent by mail, stored as an HMAC, bound to a user and a purpose. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userIdColumn('cascade'),
    purpose: codePurpose('purpose').notNull(),
    codeHash: bytea('code_hash').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (table) => [index('verification_codes_user_purpose_idx').on(table.userId, table.purpose, table.createdAt)],
);

/**
 * The link that undoes an email change, sent to the old address, stored only as its SHA-256.
 * While it works, the old address stays reserved for its account.
 */
export const emailChangeUndos = pgTable(
  'email_change_undos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userIdColumn('cascade'),
    tokenHash: bytea('token_hash').notNull().unique(),
    oldEmail: text('old_email').notNull(),
    newEmail: text('new_email').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (table) => [
    index('email_change_undos_user_id_idx').on(table.userId, table.createdAt),
    index('email_change_undos_old_email_idx').on(table.oldEmail),
  ],
);

/** Browsers a user has signed in from, by a hash of their device id, for new-device alerts. */
export const knownDevices = pgTable(
  'known_devices',
  {
    userId: userIdColumn('cascade'),
    deviceHash: bytea('device_hash').notNull(),
    firstSeenAt: timestamptz('first_seen_at').notNull(),
    lastSeenAt: timestamptz('last_seen_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.deviceHash] })],
);

/** Events counted by the throttles (sign-in failures, code sends), shared by every API process. */
export const throttleEvents = pgTable(
  'throttle_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [index('throttle_events_key_created_at_idx').on(table.key, table.createdAt)],
);

/**
 * Wrong codes in a row per account and code purpose, across every code sent (NIST SP 800-63B: at
 * most 100). Keyed by text so that a reset code asked for an unknown email is counted the same way.
 */
export const codeFailures = pgTable('code_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  lockedUntil: timestamptz('locked_until'),
  updatedAt: timestamptz('updated_at').notNull(),
});
