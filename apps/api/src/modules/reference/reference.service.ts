import { platformSettings, type PlatformSettings } from '@itrust/contracts';
import type { Place, ReferenceRepository } from './reference.repository.ts';

// Platform settings are written from their file when a process starts: another process started
// with a new file is seen within this time.
const settingsMaxAgeMs = 60_000;
// Lists and looked-up places cached; past this the oldest goes first.
const maxKept = 10_000;

/** Reference lists change only with a new seed, so the process caches them after the first read. */
export function createReferenceService(repository: ReferenceRepository) {
  const cached = new Map<string, Promise<unknown>>();
  const once = <T>(key: string, load: () => Promise<T>): Promise<T> => {
    const kept = cached.get(key);
    if (kept) return kept as Promise<T>;
    if (cached.size >= maxKept) cached.delete(cached.keys().next().value ?? '');
    const loaded = load();
    cached.set(key, loaded);
    loaded.catch(() => cached.delete(key));
    return loaded;
  };

  let settings: { loaded: Promise<PlatformSettings>; at: number } | undefined;
  const loadSettings = async (): Promise<PlatformSettings> => {
    const rows = await repository.platformSettings();
    const values: Record<string, unknown> = Object.fromEntries(rows.map((row) => [row.key, row.value]));
    values['is_sample'] = values['is_sample'] === 'true';
    return platformSettings.parse(values);
  };

  return {
    currencies: () => once('currencies', repository.currencies),
    countries: () => once('countries', repository.countries),
    nationalities: () => once('nationalities', repository.nationalities),
    statesOfCountry: repository.statesOfCountry,
    citiesOfState: repository.citiesOfState,
    settings: (): Promise<PlatformSettings> => {
      if (!settings || Date.now() - settings.at >= settingsMaxAgeMs) {
        const loaded = loadSettings();
        settings = { loaded, at: Date.now() };
        loaded.catch(() => {
          if (settings?.loaded === loaded) settings = undefined;
        });
      }
      return settings.loaded;
    },
    /** A country, state and city's names by id (seeded reference data, cached once read). */
    placeNames: (place: Place) =>
      once(`place ${place.countryId}/${place.stateId}/${place.cityId}`, () => repository.placeNames(place)),
  };
}

export type ReferenceService = ReturnType<typeof createReferenceService>;
