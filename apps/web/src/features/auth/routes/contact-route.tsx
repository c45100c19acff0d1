import { requiredAsSpelled } from '@itrust/contracts/auth-rules';
import { useState, type SyntheticEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { MessageBanner } from '../../../components/ui/message-banner';
import { SearchableSelect } from '../../../components/ui/searchable-select';
import { TextField } from '../../../components/ui/text-field';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useFlash } from '../../../hooks/use-flash';
import { useCities } from '../../reference/api/get-cities';
import { useCountries } from '../../reference/api/get-countries';
import { useStates } from '../../reference/api/get-states';
import { AuthLayout } from '../components/auth-layout';
import { SignUpSteps } from '../components/sign-up-steps';
import { accountStepComplete, readContactStep, saveContactStep, type ContactStep } from '../components/sign-up-store';

const requiredFields = ['phone', 'address', 'country_id', 'state_id', 'city', 'zipcode'] as const;
const isBlank = (value: ContactStep[keyof ContactStep]) =>
  value === null || (typeof value === 'string' && value.trim() === '');

/** Sign-up step 2 (/stepone): contact information, kept in session storage under contactInfo. */
export function ContactRoute() {
  useDocumentTitle('Signup');
  // Read once: the last step clears the sign-up record on success and must not bounce back to /signup.
  const [startedSignUp] = useState(accountStepComplete);
  const navigate = useNavigate();
  const error = useFlash();
  const [values, setValuesState] = useState<ContactStep>(readContactStep);
  const countries = useCountries();
  const states = useStates(values.country_id);
  const cities = useCities(values.state_id);
  const stateHasNoCities = cities.isSuccess && cities.data.length === 0;

  const setValues = (next: ContactStep) => {
    setValuesState(next);
    saveContactStep(next);
  };

  if (!startedSignUp) return <Navigate to="/signup" replace />;

  const next = (event: SyntheticEvent) => {
    event.preventDefault();
    error.clear();
    const missing = requiredFields.find((field) => isBlank(values[field]));
    if (missing) {
      error.show(requiredAsSpelled(missing));
      return;
    }
    void navigate('/steptwo');
  };

  return (
    <AuthLayout title="Provide contact information" intro="We need these to open an investment account in your name.">
      <SignUpSteps current={2} />
      <form onSubmit={next} className="space-y-4" noValidate>
        <MessageBanner error={error.message} />
        <TextField
          label="Phone Number"
          name="phone"
          type="tel"
          autoComplete="tel"
          value={values.phone}
          onChange={(event) => setValues({ ...values, phone: event.target.value })}
        />
        <TextField
          label="Residential Address"
          name="address"
          autoComplete="street-address"
          value={values.address}
          onChange={(event) => setValues({ ...values, address: event.target.value })}
        />
        <SearchableSelect
          label="Country"
          options={countries.data ?? []}
          loading={countries.isPending}
          value={values.country_id}
          onChange={(id) => setValues({ ...values, country_id: Number(id), state_id: null, city: null })}
        />
        <SearchableSelect
          label="State/Province"
          options={states.data ?? []}
          loading={states.isFetching}
          disabled={values.country_id === null}
          value={values.state_id}
          onChange={(id) => setValues({ ...values, state_id: Number(id), city: null })}
        />
        {stateHasNoCities ? (
          <TextField
            label="City"
            name="city"
            autoComplete="address-level2"
            value={typeof values.city === 'string' ? values.city : ''}
            onChange={(event) => setValues({ ...values, city: event.target.value })}
          />
        ) : (
          <SearchableSelect
            label="City"
            options={cities.data ?? []}
            loading={cities.isFetching}
            disabled={values.state_id === null}
            value={typeof values.city === 'number' ? values.city : null}
            onChange={(id) => setValues({ ...values, city: Number(id) })}
          />
        )}
        <TextField
          label="Enter zip code"
          name="zipcode"
          autoComplete="postal-code"
          value={values.zipcode}
          onChange={(event) => setValues({ ...values, zipcode: event.target.value })}
        />
        {(countries.isError || states.isError || cities.isError) && (
          <MessageBanner error="Could not load the lists of places. Check your connection and try again." />
        )}
        <div className="flex gap-3 pt-2">
          <Button variant="secondary" className="flex-1" onClick={() => void navigate('/signup')}>
            Go back
          </Button>
          <Button type="submit" className="flex-1">
            Next
          </Button>
        </div>
      </form>
    </AuthLayout>
  );
}
