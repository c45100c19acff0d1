import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const get = (url: string) => testApp.app.inject({ method: 'GET', url });

describe('reference data', () => {
  it('lists at least 240 countries, sorted by name, without a token', async () => {
    const response = await get('/api/country');
    expect(response.statusCode).toBe(200);
    const countries = response.json().data.countries as { id: number; name: string; iso_code: string }[];
    expect(countries.length).toBeGreaterThanOrEqual(240);
    expect(countries.map((country) => country.name)).toEqual(
      [...countries.map((country) => country.name)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
    );
    expect(countries.find((country) => country.iso_code === 'GB')?.name).toBe('United Kingdom');
  });

  it('lists every US state and DC, and more than 100 cities of California', async () => {
    const countries = (await get('/api/country')).json().data.countries as { id: number; iso_code: string }[];
    const unitedStates = countries.find((country) => country.iso_code === 'US');
    const states = (await get(`/api/states?filter[country_id]=${unitedStates?.id}`)).json().data.states as {
      id: number;
      name: string;
    }[];
    const names = new Set(states.map((state) => state.name));
    const expected = [
      'Alabama',
      'Alaska',
      'Arizona',
      'Arkansas',
      'California',
      'Colorado',
      'Connecticut',
      'Delaware',
      'Florida',
      'Georgia',
      'Hawaii',
      'Idaho',
      'Illinois',
      'Indiana',
      'Iowa',
      'Kansas',
      'Kentucky',
      'Louisiana',
      'Maine',
      'Maryland',
      'Massachusetts',
      'Michigan',
      'Minnesota',
      'Mississippi',
      'Missouri',
      'Montana',
      'Nebraska',
      'Nevada',
      'New Hampshire',
      'New Jersey',
      'New Mexico',
      'New York',
      'North Carolina',
      'North Dakota',
      'Ohio',
      'Oklahoma',
      'Oregon',
      'Pennsylvania',
      'Rhode Island',
      'South Carolina',
      'South Dakota',
      'Tennessee',
      'Texas',
      'Utah',
      'Vermont',
      'Virginia',
      'Washington',
      'West Virginia',
      'Wisconsin',
      'Wyoming',
      'District of Columbia',
    ];
    expect(expected.filter((name) => !names.has(name))).toEqual([]);

    const california = states.find((state) => state.name === 'California');
    const cities = (await get(`/api/cities?filter[state_id]=${california?.id}`)).json().data.cities as {
      name: string;
    }[];
    expect(cities.length).toBeGreaterThan(100);
    expect(cities.map((city) => city.name)).toContain('San Francisco');
  });

  it('answers an empty list for a country without states on record', async () => {
    const response = await get('/api/states?filter[country_id]=999999');
    expect(response.statusCode).toBe(200);
    expect(response.json().data.states).toEqual([]);
  });

  it('requires the filter and rejects unknown filters with 422', async () => {
    const missing = await get('/api/states');
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ status: 'error', errors: { 'filter[country_id]': expect.any(Array) } });

    const unknown = await get('/api/cities?filter[state_id]=1&filter[name]=x');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().status).toBe('error');

    const notNumber = await get('/api/cities?filter[state_id]=abc');
    expect(notNumber.statusCode).toBe(422);
  });

  it('lists nationalities from the dataset', async () => {
    const nationalities = (await get('/api/nationalities')).json().data.nationalities as { name: string }[];
    expect(nationalities.length).toBeGreaterThan(150);
    expect(nationalities.map((nationality) => nationality.name)).toEqual(
      expect.arrayContaining(['British', 'American', 'Nigerian', 'French']),
    );
  });

  it('lists the four supported currencies with their signs at data.currencies.data', async () => {
    const body = (await get('/api/currencies')).json();
    expect(body.status).toBe('success');
    const currencies = body.data.currencies.data as { code: string; sign: string }[];
    expect(currencies.map(({ code, sign }) => [code, sign])).toEqual([
      ['USD', '$'],
      ['EUR', '€'],
      ['GBP', '£'],
      ['CAD', 'C$'],
    ]);
    expect(body.data.currencies).toMatchObject({ current_page: 1, total: 4, last_page: 1 });
  });

  it('answers the platform settings from configuration, marked as samples', async () => {
    const settings = (await get('/api/settings')).json().data.settings;
    for (const key of [
      'btc_wallet',
      'eth_wallet',
      'erc_wallet',
      'trc_wallet',
      'bank_account_number',
      'bank_routing_number',
      'bank_account_name',
      'bank_name',
      'bank_address',
      'bank_reference',
    ]) {
      expect(settings[key], key).toMatch(/^SAMPLE/);
    }
    expect(settings.is_sample).toBe(true);
  });
});
