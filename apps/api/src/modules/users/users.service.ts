import { ValidationFailed } from '../../lib/errors.ts';
import type { UsersRepository } from './users.repository.ts';

// What other modules, and this module's routes, use of the users module besides the repository they are given.
export { presentUser, type PresentUser } from './users.presenter.ts';
export type { SignedInUser, UsersRepository } from './users.repository.ts';

/** A city is one of the state's cities (by id or name); free text only where the dataset lists none for the state. */
export async function resolveCity(
  users: UsersRepository,
  stateId: number,
  city: number | string,
): Promise<{ cityId: number | null; cityName: string }> {
  const known = await users.citiesOfState(stateId);
  if (typeof city === 'number') {
    const found = known.find((candidate) => candidate.id === city);
    if (!found) throw new ValidationFailed({ city: ['The selected city is not in the selected state.'] });
    return { cityId: found.id, cityName: found.name };
  }
  const typed = city.toLowerCase();
  const named = known.find((candidate) => candidate.name.toLowerCase() === typed);
  if (named) return { cityId: named.id, cityName: named.name };
  if (known.length > 0) throw new ValidationFailed({ city: ['Choose a city from the list.'] });
  return { cityId: null, cityName: city };
}
