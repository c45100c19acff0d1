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
    /** The names of a country, state and city by id, in one read; a missing id gives undefined. */
    async placeNames(place: Place) {
      const { rows } = await db.execute<{
        country: { id: number; name: string; iso_code: string } | null;
        state: { id: number; name: string } | null;
        city: { id: number; name: string } | null;
      }>(sql`
        select (select json_build_object('id', id, 'name', name, 'iso_code', iso_code) from countries
                where id = ${place.countryId}) as country,
          (select json_build_object('id', id, 'name', name) from states where id = ${place.stateId}) as state,
          (select json_build_object('id', id, 'name', name) from cities where id = ${place.cityId}) as city`);
      const row = rows[0];
      return { country: row?.country ?? undefined, state: row?.state ?? undefined, city: row?.city ?? undefined };
    },
  };
}

export type ReferenceRepository = ReturnType<typeof createReferenceRepository>;
