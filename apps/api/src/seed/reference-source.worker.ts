import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';
import { City, Country, State } from 'country-state-city';
import type { Countries } from 'world-countries';
import type { ReferenceSource } from './reference-source.ts';

// world-countries ships CommonJS whose typings describe an ES default export; require gives the list itself.
const worldCountries = createRequire(import.meta.url)('world-countries') as Countries;

const source: ReferenceSource = {
  countries: Country.getAllCountries().map(({ name, isoCode, phonecode, currency, flag }) => ({
    name,
    isoCode,
    phonecode,
    currency,
    flag,
  })),
  states: State.getAllStates().map(({ countryCode, name, isoCode }) => ({ countryCode, name, isoCode })),
  cities: City.getAllCities().map(({ countryCode, stateCode, name }) => ({ countryCode, stateCode, name })),
  demonyms: worldCountries.flatMap((country) => country.demonyms['eng']?.m.trim() || []),
};
parentPort?.postMessage(source);
