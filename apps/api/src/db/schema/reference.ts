import { char, index, integer, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';

export const countries = pgTable('countries', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  isoCode: char('iso_code', { length: 2 }).notNull().unique(),
  phoneCode: text('phone_code').notNull(),
  currencyCode: text('currency_code').notNull(),
  flag: text('flag').notNull(),
});

export const states = pgTable(
  'states',
  {
    id: serial('id').primaryKey(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    name: text('name').notNull(),
    isoCode: text('iso_code').notNull(),
  },
  (table) => [unique('states_country_iso_unique').on(table.countryId, table.isoCode)],
);

export const cities = pgTable(
  'cities',
  {
    id: serial('id').primaryKey(),
    stateId: integer('state_id')
      .notNull()
      .references(() => states.id),
    name: text('name').notNull(),
  },
  (table) => [index('cities_state_id_idx').on(table.stateId)],
);

export const nationalities = pgTable('nationalities', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const currencies = pgTable('currencies', {
  id: serial('id').primaryKey(),
  code: char('code', { length: 3 }).notNull().unique(),
  name: text('name').notNull(),
  sign: text('sign').notNull().unique(),
});

/** Platform-wide values the client shows (deposit addresses, bank details), loaded from configuration. */
export const platformSettings = pgTable('platform_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
