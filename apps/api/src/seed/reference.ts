import { readFile } from 'node:fs/promises';
import { platformSettings as platformSettingsSchema, supportedCurrencies } from '@itrust/contracts';
import type pg from 'pg';
import type { Database } from '../db/client.ts';
import { readReferenceSource, type ReferenceSource } from './reference-source.ts';
import { columns, seedOnce } from './transaction.ts';

const batchSize = 20_000;

export function seedReferenceData(db: Database, onProgress: (step: string) => void): Promise<boolean> {
  return seedOnce(db, 7201002, 'countries', async (client) => {
    const source = await readReferenceSource();
    const countryIds = await loadCountries(client, source.countries, onProgress);
    const stateIds = await loadStates(client, source.states, countryIds, onProgress);
    await loadCities(client, source.cities, stateIds, onProgress);
    await loadNationalities(client, source.demonyms, onProgress);
    await loadCurrencies(client);
  });
}

/** Writes the platform settings from the configuration file; run at every start so the file stays the source. */
export async function syncPlatformSettings(db: Database, file: string): Promise<void> {
  const values = platformSettingsSchema.parse(JSON.parse(await readFile(file, 'utf8')));
  const entries = Object.entries(values).map(([key, value]) => [key, String(value)]);
  await db.$client.query(
    `insert into platform_settings (key, value)
     select * from unnest($1::text[], $2::text[])
     on conflict (key) do update set value = excluded.value`,
    columns(entries),
  );
}

async function loadCountries(
  client: pg.PoolClient,
  countries: ReferenceSource['countries'],
  onProgress: (step: string) => void,
) {
  onProgress(`Loading ${countries.length} countries`);
  const result = await client.query<{ id: number; iso_code: string }>(
    `insert into countries (name, iso_code, phone_code, currency_code, flag)
     select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[])
     returning id, iso_code`,
    columns(
      countries.map((country) => [country.name, country.isoCode, country.phonecode, country.currency, country.flag]),
    ),
  );
  return new Map(result.rows.map((row) => [row.iso_code, row.id]));
}

async function loadStates(
  client: pg.PoolClient,
  allStates: ReferenceSource['states'],
  countryIds: Map<string, number>,
  onProgress: (step: string) => void,
) {
  const states = allStates.filter((state) => countryIds.has(state.countryCode));
  onProgress(`Loading ${states.length.toLocaleString('en-US')} states and provinces`);
  const result = await client.query<{ id: number; country_id: number; iso_code: string }>(
    `insert into states (country_id, name, iso_code)
     select * from unnest($1::int[], $2::text[], $3::text[])
     on conflict (country_id, iso_code) do nothing
     returning id, country_id, iso_code`,
    columns(states.map((state) => [countryIds.get(state.countryCode), state.name, state.isoCode])),
  );
  const isoByCountryId = new Map([...countryIds].map(([iso, id]) => [id, iso]));
  return new Map(result.rows.map((row) => [`${isoByCountryId.get(row.country_id)}:${row.iso_code}`, row.id]));
}

async function loadCities(
  client: pg.PoolClient,
  allCities: ReferenceSource['cities'],
  stateIds: Map<string, number>,
  onProgress: (step: string) => void,
) {
  const cities = allCities.filter((city) => stateIds.has(`${city.countryCode}:${city.stateCode}`));
  for (let start = 0; start < cities.length; start += batchSize) {
    const batch = cities.slice(start, start + batchSize);
    const done = Math.min(start + batchSize, cities.length);
    onProgress(`Loading cities ${done.toLocaleString('en-US')} / ${cities.length.toLocaleString('en-US')}`);
    await client.query(
      `insert into cities (state_id, name) select * from unnest($1::int[], $2::text[])`,
      columns(batch.map((city) => [stateIds.get(`${city.countryCode}:${city.stateCode}`), city.name])),
    );
  }
}

async function loadNationalities(
  client: pg.PoolClient,
  demonyms: ReferenceSource['demonyms'],
  onProgress: (step: string) => void,
) {
  const sorted = [...new Set(demonyms)].sort((a, b) => a.localeCompare(b, 'en'));
  onProgress(`Loading ${sorted.length} nationalities`);
  await client.query('insert into nationalities (name) select * from unnest($1::text[])', [sorted]);
}

async function loadCurrencies(client: pg.PoolClient) {
  await client.query(
    'insert into currencies (code, name, sign) select * from unnest($1::text[], $2::text[], $3::text[])',
    columns(supportedCurrencies.map((currency) => [currency.code, currency.name, currency.sign])),
  );
}
