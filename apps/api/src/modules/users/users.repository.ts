import { normalizeEmail, normalizeLogin } from '@itrust/contracts';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { NotFound } from '../../lib/errors.ts';
import type { Currency, UserRow, UserWithCurrency } from '../../db/signed-in-user.ts';
import {
  cities,
  countries,
  currencies,
  emailChangeUndos,
  nationalities,
  states,
  users,
} from '../../db/schema/index.ts';

export type NewUser = typeof users.$inferInsert;
export type { AccessUser, Currency, SignedInUser, UserRow, UserWithCurrency } from '../../db/signed-in-user.ts';

const withCurrency = { user: users, currency: currencies };

/** Emails are written only in their normalized form, which every lookup compares with. */
function withNormalizedEmails<Values extends Partial<NewUser>>(values: Values): Values {
  return {
    ...values,
    ...(values.email ? { email: normalizeEmail(values.email) } : {}),
    ...(values.pendingEmail ? { pendingEmail: normalizeEmail(values.pendingEmail) } : {}),
  };
}

export function createUsersRepository(db: Executor) {
  const joined = (tx: Executor) =>
    tx.select(withCurrency).from(users).innerJoin(currencies, eq(currencies.id, users.currencyId));
  const flatten = (row: { user: UserRow; currency: Currency } | undefined): UserWithCurrency | undefined =>
    row ? { ...row.user, currency: row.currency } : undefined;
  const exists = async (table: typeof countries | typeof nationalities | typeof currencies, id: number) =>
    (await db.select({ id: table.id }).from(table).where(eq(table.id, id)).limit(1)).length > 0;
  const findById = async (id: string, tx: Executor = db) =>
    flatten((await joined(tx).where(eq(users.id, id)).limit(1))[0]);

  return {
    findById,
    /** The user, or a 404 when the account is gone. */
    async get(id: string, tx: Executor = db): Promise<UserWithCurrency> {
      const user = await findById(id, tx);
      if (!user) throw new NotFound();
      return user;
    },
    /** Sign-in accepts the email, in any spelling that normalizes to it, or the username in any letter case. */
    async findByLogin(login: string, tx: Executor = db) {
      const name = normalizeLogin(login);
      const rows = await joined(tx)
        .where('email' in name ? eq(users.email, name.email) : sql`lower(${users.username}) = ${name.username}`)
        .limit(1);
      return flatten(rows[0]);
    },
    async findByEmail(email: string, tx: Executor = db) {
      const [row] = await joined(tx)
        .where(eq(users.email, normalizeEmail(email)))
        .limit(1);
      return flatten(row);
    },
    /**
     * Another account has the email, or may take it back: an email changed away from stays its
     * account's while the link that undoes the change works.
     */
    async emailTaken(email: string, options: { at: Date; exceptUserId?: string; tx?: Executor }) {
      const { at, exceptUserId, tx = db } = options;
      const normalized = normalizeEmail(email);
      const others = (userId: typeof users.id | typeof emailChangeUndos.userId) =>
        exceptUserId ? ne(userId, exceptUserId) : undefined;
      const held = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, normalized), others(users.id)))
        .limit(1);
      if (held.length > 0) return true;
      const reserved = await tx
        .select({ id: emailChangeUndos.id })
        .from(emailChangeUndos)
        .where(
          and(
            eq(emailChangeUndos.oldEmail, normalized),
            isNull(emailChangeUndos.usedAt),
            gt(emailChangeUndos.expiresAt, at),
            others(emailChangeUndos.userId),
          ),
        )
        .limit(1);
      return reserved.length > 0;
    },
    async usernameTaken(username: string, tx: Executor = db) {
      const rows = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
        .limit(1);
      return rows.length > 0;
    },
    async insert(values: NewUser, tx: Executor = db) {
      const [row] = await tx.insert(users).values(withNormalizedEmails(values)).returning({ id: users.id });
      if (!row) throw new Error('insert into users returned no row');
      return row.id;
    },
    async update(id: string, values: Partial<NewUser>, tx: Executor = db) {
      await tx
        .update(users)
        .set({ ...withNormalizedEmails(values), updatedAt: sql`now()` })
        .where(eq(users.id, id));
    },
    async stateBelongsToCountry(stateId: number, countryId: number, tx: Executor = db) {
      const rows = await tx.select({ countryId: states.countryId }).from(states).where(eq(states.id, stateId)).limit(1);
      return rows[0]?.countryId === countryId;
    },
    async citiesOfState(stateId: number, tx: Executor = db) {
      return tx.select({ id: cities.id, name: cities.name }).from(cities).where(eq(cities.stateId, stateId));
    },
    countryExists: (id: number) => exists(countries, id),
    nationalityExists: (id: number) => exists(nationalities, id),
    currencyExists: (id: number) => exists(currencies, id),
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
