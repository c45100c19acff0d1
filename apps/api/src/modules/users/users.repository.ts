import { eq, or, sql } from 'drizzle-orm';
import { hotQuery, type Executor } from '../../db/client.ts';
import { cities, countries, currencies, nationalities, states, users } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type Currency = typeof currencies.$inferSelect;
export type UserWithCurrency = UserRow & { currency: Currency };

const withCurrency = { user: users, currency: currencies };

export function createUsersRepository(db: Executor) {
  const joined = (tx: Executor) =>
    tx.select(withCurrency).from(users).innerJoin(currencies, eq(currencies.id, users.currencyId));
  const flatten = (row: { user: UserRow; currency: Currency } | undefined): UserWithCurrency | undefined =>
    row ? { ...row.user, currency: row.currency } : undefined;

  const byId = hotQuery('user_by_id', () =>
    joined(db)
      .where(eq(users.id, sql.placeholder('id')))
      .limit(1),
  );

  return {
    async findById(id: string, tx: Executor = db) {
      return flatten((tx === db ? await byId({ id }) : await joined(tx).where(eq(users.id, id)).limit(1))[0]);
    },
    /** Sign-in accepts the email or the username, in any letter case. */
    async findByLogin(login: string, tx: Executor = db) {
      const lowered = login.toLowerCase();
      const rows = await joined(tx)
        .where(or(sql`lower(${users.email}) = ${lowered}`, sql`lower(${users.username}) = ${lowered}`))
        .limit(1);
      return flatten(rows[0]);
    },
    async findByEmail(email: string, tx: Executor = db) {
      return flatten(
        (
          await joined(tx)
            .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
            .limit(1)
        )[0],
      );
    },
    async emailTaken(email: string, tx: Executor = db) {
      const rows = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
        .limit(1);
      return rows.length > 0;
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
      const [row] = await tx.insert(users).values(values).returning({ id: users.id });
      if (!row) throw new Error('insert into users returned no row');
      return row.id;
    },
    async update(id: string, values: Partial<NewUser>, tx: Executor = db) {
      await tx
        .update(users)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(users.id, id));
    },
    async stateBelongsToCountry(stateId: number, countryId: number, tx: Executor = db) {
      const rows = await tx.select({ countryId: states.countryId }).from(states).where(eq(states.id, stateId)).limit(1);
      return rows[0]?.countryId === countryId;
    },
    async citiesOfState(stateId: number, tx: Executor = db) {
      return tx.select({ id: cities.id, name: cities.name }).from(cities).where(eq(cities.stateId, stateId));
    },
    async countryExists(id: number, tx: Executor = db) {
      return (await tx.select({ id: countries.id }).from(countries).where(eq(countries.id, id)).limit(1)).length > 0;
    },
    async nationalityExists(id: number, tx: Executor = db) {
      return (
        (await tx.select({ id: nationalities.id }).from(nationalities).where(eq(nationalities.id, id)).limit(1))
          .length > 0
      );
    },
    async currencyExists(id: number, tx: Executor = db) {
      return (await tx.select({ id: currencies.id }).from(currencies).where(eq(currencies.id, id)).limit(1)).length > 0;
    },
    /** The user's country, state and city by id, in one statement. */
    async placeNames(user: Pick<UserRow, 'countryId' | 'stateId' | 'cityId'>, tx: Executor = db) {
      const { rows } = await tx.execute<{
        country_id: number | null;
        country_name: string | null;
        iso_code: string | null;
        state_id: number | null;
        state_name: string | null;
        city_id: number | null;
        city_name: string | null;
      }>(sql`
        select c.id as country_id, c.name as country_name, c.iso_code, s.id as state_id, s.name as state_name,
          ci.id as city_id, ci.name as city_name
        from (select 1) one
          left join countries c on c.id = ${user.countryId}
          left join states s on s.id = ${user.stateId}
          left join cities ci on ci.id = ${user.cityId}`);
      const row = rows[0];
      return {
        country:
          row?.country_id != null && row.country_name != null && row.iso_code != null
            ? { id: row.country_id, name: row.country_name, iso_code: row.iso_code }
            : undefined,
        state: row?.state_id != null && row.state_name != null ? { id: row.state_id, name: row.state_name } : undefined,
        city: row?.city_id != null && row.city_name != null ? { id: row.city_id, name: row.city_name } : undefined,
      };
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
