import { describe, expect, it } from 'vitest';
import { readReferenceSource } from './reference-source.ts';

describe('the reference lists, read in a worker thread', () => {
  it('gives every country, state, city and demonym as plain rows', async () => {
    const source = await readReferenceSource();
    expect(source.countries.length).toBeGreaterThan(240);
    expect(source.countries).toContainEqual({
      name: 'United States',
      isoCode: 'US',
      phonecode: '1',
      currency: 'USD',
      flag: '🇺🇸',
    });
    expect(source.states).toContainEqual({ countryCode: 'US', name: 'Texas', isoCode: 'TX' });
    expect(source.cities.length).toBeGreaterThan(100_000);
    expect(source.cities).toContainEqual({ countryCode: 'US', stateCode: 'TX', name: 'Austin' });
    expect(source.demonyms).toContain('American');
    expect(source.demonyms.every((demonym) => demonym.length > 0 && demonym === demonym.trim())).toBe(true);
  });
});
