import { MessageBanner } from './ui/message-banner';
import { SearchableSelect } from './ui/searchable-select';
import { TextField } from './ui/text-field';
import { useCities, useCountries, useStates } from '../lib/queries/reference';

export type Place = { country_id: number | null; state_id: number | null; city: number | string | null };

/**
 * Country, then its states, then the state's cities, each loaded when the one before is chosen. Where
 * the dataset lists no city for a state, the city is typed instead.
 */
export function PlaceFields({
  value,
  onChange,
  stateLabel,
  errorOf = () => undefined,
}: {
  value: Place;
  onChange: (next: Place) => void;
  stateLabel: string;
  /** The server's message for a field it refused: country_id, state_id or city. */
  errorOf?: (field: keyof Place) => string | undefined;
}) {
  const countries = useCountries();
  const states = useStates(value.country_id);
  const cities = useCities(value.state_id);
  const stateHasNoCities = cities.isSuccess && cities.data.length === 0;

  return (
    <>
      <SearchableSelect
        label="Country"
        options={countries.data ?? []}
        loading={countries.isPending}
        value={value.country_id}
        onChange={(id) => onChange({ country_id: Number(id), state_id: null, city: null })}
        error={errorOf('country_id')}
      />
      <SearchableSelect
        label={stateLabel}
        options={states.data ?? []}
        loading={states.isFetching}
        disabled={value.country_id === null}
        value={value.state_id}
        onChange={(id) => onChange({ ...value, state_id: Number(id), city: null })}
        error={errorOf('state_id')}
      />
      {stateHasNoCities ? (
        <TextField
          label="City"
          name="city"
          autoComplete="address-level2"
          value={typeof value.city === 'string' ? value.city : ''}
          onChange={(event) => onChange({ ...value, city: event.target.value })}
          error={errorOf('city')}
        />
      ) : (
        <SearchableSelect
          label="City"
          options={cities.data ?? []}
          loading={cities.isFetching}
          disabled={value.state_id === null}
          value={typeof value.city === 'number' ? value.city : null}
          onChange={(id) => onChange({ ...value, city: Number(id) })}
          error={errorOf('city')}
        />
      )}
      {(countries.isError || states.isError || cities.isError) && (
        <MessageBanner error="Could not load the lists of places. Check your connection and try again." />
      )}
    </>
  );
}
