import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { cities, countries, currencies, nationalities, platformSettings, states } from '../../db/schema/index.ts';

export type Place = { countryId: number | null; stateId: number | null; cityId: number | null };

export function createReferenceRepository(db: Database) {
  const statesOfCountry = db
    .select({ id: states.id, name: states.name })
    .from(states)
    .where(eq(states.countryId, sql.placeholder('countryId')))
    .orderBy(asc(states.name))
    .prepare('states_of_country');
  const citiesOfState = db
    .select({ id: cities.id, name: cities.name })
    .from(cities)
    .where(eq(cities.stateId, sql.placeholder('stateId')))
    .orderBy(asc(cities.name), asc(cities.id))
    .prepare('cities_of_state');

  return {
    currencies: () => db.select().from(currencies).orderBy(asc(currencies.id)),
    countries: () =>
      db
        .select({
          id: countries.id,
          name: countries.name,
          iso_code: countries.isoCode,
          phone_code: countries.phoneCode,
          flag: countries.flag,
        })
        .from(countries)
        .orderBy(asc(countries.name)),
    nationalities: () => db.select().from(nationalities).orderBy(asc(nationalities.name)),
    statesOfCountry: (countryId: number) => statesOfCountry.execute({ countryId }),
    citiesOfState: (stateId: number) => citiesOfState.execute({ stateId }),
    platformSettings: () => db.select().from(platformSettings),
    /** The names of a country, state and city by id, in one read; a missing id gives nulls. */
    async placeNames(place: Place) {
      const { rows } = await db.execute<{
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
          left join countries c on c.id = ${place.countryId}
          left join states s on s.id = ${place.stateId}
          left join cities ci on ci.id = ${place.cityId}`);
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

export type ReferenceRepository = ReturnType<typeof createReferenceRepository>;
