import { platformSettings, type PlatformSettings } from '@itrust/contracts';
import type { ReferenceRepository } from './reference.repository.ts';

/** Reference lists change only with a new seed, so the process keeps them after the first read. */
export function createReferenceService(repository: ReferenceRepository) {
  const cached = new Map<string, Promise<unknown>>();
  const once = <T>(key: string, load: () => Promise<T>): Promise<T> => {
    if (!cached.has(key))
      cached.set(
        key,
        load().catch((error: unknown) => {
          cached.delete(key);
          throw error;
        }),
      );
    return cached.get(key) as Promise<T>;
  };

  return {
    currencies: () => once('currencies', repository.currencies),
    countries: () => once('countries', repository.countries),
    nationalities: () => once('nationalities', repository.nationalities),
    statesOfCountry: repository.statesOfCountry,
    citiesOfState: repository.citiesOfState,
    settings: async (): Promise<PlatformSettings> => {
      const rows = await repository.platformSettings();
      const values: Record<string, unknown> = Object.fromEntries(rows.map((row) => [row.key, row.value]));
      values['is_sample'] = values['is_sample'] === 'true';
      return platformSettings.parse(values);
    },
  };
}

export type ReferenceService = ReturnType<typeof createReferenceService>;
