import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { cities, countries, currencies, nationalities, states } from './reference.ts';

export const experienceLevel = pgEnum('experience_level', ['beginner', 'intermediate', 'advanced']);
export const employmentStatus = pgEnum('employment_status', ['employed', 'unemployed']);
export const kycStatus = pgEnum('kyc_status', ['pending', 'submitted', 'approved', 'declined']);
export const userRole = pgEnum('user_role', ['investor', 'operator']);
export const idDocumentType = pgEnum('id_document_type', [
  'drivers_license',
  'international_passport',
  'national_passport',
]);

/** The owning user of a row, as every user-owned table refers to it. */
export const userIdColumn = (onDelete?: 'cascade' | 'restrict') =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete });

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    stateId: integer('state_id')
      .notNull()
      .references(() => states.id),
    cityId: integer('city_id').references(() => cities.id),
    cityName: text('city_name').notNull(),
    zipcode: text('zipcode').notNull(),
    dateOfBirth: date('date_of_birth').notNull(),
    nationalityId: integer('nationality_id')
      .notNull()
      .references(() => nationalities.id),
    /** The settlement currency: the ledger holds the user's wallets in it. */
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    /** The currency figures are shown in, converted at the reference rate; null shows them in the settlement currency. */
    displayCurrencyId: integer('display_currency_id').references(() => currencies.id),
    experience: experienceLevel('experience').notNull(),
    employed: employmentStatus('employed').notNull(),
    family: text('family'),
    referral: text('referral'),
    kyc: kycStatus('kyc').notNull().default('pending'),
    idType: idDocumentType('id_type'),
    idNumber: text('id_number'),
    kycSubmittedAt: timestamptz('kyc_submitted_at'),
    kycDeclinedReason: text('kyc_declined_reason'),
    /** A new address waiting for its code; the current email stays until then. */
    pendingEmail: text('pending_email'),
    priceAlert: boolean('price_alert').notNull().default(true),
    deviceLoginAlert: boolean('device_login_alert').notNull().default(true),
    emailNotifications: boolean('email_notifications').notNull().default(true),
    role: userRole('role').notNull().default('investor'),
    termsAcceptedAt: timestamptz('terms_accepted_at').notNull(),
    emailVerifiedAt: timestamptz('email_verified_at'),
    twoFaActivatedAt: timestamptz('two_fa_activated_at'),
    /** When the authenticator app was confirmed: from then on it is the second step (its secret is in authenticators). */
    authenticatorAt: timestamptz('authenticator_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    // Emails are stored normalized (normalizeEmail), so the stored text itself is unique.
    uniqueIndex('users_email_unique').on(table.email),
    uniqueIndex('users_username_lower_unique').on(sql`lower(${table.username})`),
    index('users_country_id_idx').on(table.countryId),
    // The operators' identity queue: the checks in one state, latest submission first.
    index('users_kyc_queue_idx').on(table.kyc, table.kycSubmittedAt),
    // The operators' search matches any part of these, which a b-tree cannot find; trigrams can.
    index('users_email_trgm_idx').using('gin', table.email.op('gin_trgm_ops')),
    index('users_username_trgm_idx').using('gin', table.username.op('gin_trgm_ops')),
    index('users_full_name_trgm_idx').using('gin', sql`(${table.firstName} || ' ' || ${table.lastName}) gin_trgm_ops`),
  ],
);
