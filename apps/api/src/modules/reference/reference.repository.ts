import { asc, eq, sql } from 'drizzle-orm';
import { hotQuery, type Database } from '../../db/client.ts';
import { cities, countries, currencies, nationalities, platformSettings, states } from '../../db/schema/index.ts';

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

  const settings = hotQuery('platform_settings', () => db.select().from(platformSettings));
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
    platformSettings: () => settings({}),
  };
}

export type ReferenceRepository = ReturnType<typeof createReferenceRepository>;
