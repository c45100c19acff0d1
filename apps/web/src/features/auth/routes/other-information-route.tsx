import { messages, requiredInWords } from '@itrust/contracts/auth-rules';
import { useState, type SyntheticEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { LoadingOverlay } from '../../../components/ui/loading-overlay';
import { MessageBanner } from '../../../components/ui/message-banner';
import { SearchableSelect } from '../../../components/ui/searchable-select';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useFlash } from '../../../hooks/use-flash';
import { ApiError } from '../../../lib/api-client';
import { useFormValues } from '../../../lib/use-form-values';
import { clearSession, sessionKeys, storeSession } from '../../../lib/storage-keys';
import { timing, wait } from '../../../lib/timing';
import { useCurrencies, useNationalities } from '../../../lib/queries/reference';
import { useRegister } from '../api/register';
import { AuthLayout } from '../components/auth-layout';
import { SignUpSteps } from '../components/sign-up-steps';
import { accountStepComplete, clearSignUp, readAccountStep, readContactStep } from '../components/sign-up-store';

type OtherInformation = {
  date_of_birth: string;
  nationality: number | null;
  currency_id: number | null;
  experience: '' | 'beginner' | 'intermediate' | 'advanced';
  employed: '' | 'employed' | 'unemployed';
  family: '' | 'yes' | 'no';
  referral: string;
  terms: boolean;
};

const requiredFields = ['date_of_birth', 'nationality', 'currency_id', 'experience', 'employed'] as const;

const choices = [
  {
    name: 'experience',
    label: 'Investing experience',
    options: { beginner: 'Beginner', intermediate: 'Intermediate', advanced: 'Advanced' },
  },
  { name: 'employed', label: 'Employment', options: { employed: 'Employed', unemployed: 'Unemployed' } },
  { name: 'family', label: 'Do you have a family? (optional)', options: { yes: 'Yes', no: 'No' } },
] as const;

/** Sign-up step 3 (/steptwo): other information, then the account is created. */
export function OtherInformationRoute() {
  useDocumentTitle('Signup');
  // Read once: the last step clears the sign-up record on success and must not bounce back to /signup.
  const [startedSignUp] = useState(accountStepComplete);
  const navigate = useNavigate();
  const register = useRegister();
  const error = useFlash();
  const success = useFlash();
  const nationalities = useNationalities();
  const currencies = useCurrencies();
  const { values, set, field } = useFormValues<OtherInformation>({
    date_of_birth: '',
    nationality: null,
    currency_id: null,
    experience: '',
    employed: '',
    family: '',
    referral: '',
    terms: false,
  });

  if (!startedSignUp) return <Navigate to="/signup" replace />;

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    error.clear();
    const missing = requiredFields.find((field) => values[field] === null || values[field] === '');
    const refusal = missing ? requiredInWords(missing) : values.terms ? null : messages.termsRequired;
    if (refusal) {
      error.show(refusal);
      return;
    }
    const { experience, employed, family } = values;
    if (experience === '' || employed === '') return;
    const contact = readContactStep();
    try {
      const response = await register.mutateAsync({
        ...readAccountStep(),
        phone: contact.phone,
        address: contact.address,
        country_id: contact.country_id ?? 0,
        state_id: contact.state_id ?? 0,
        city: contact.city ?? '',
        zipcode: contact.zipcode,
        date_of_birth: values.date_of_birth,
        nationality: values.nationality ?? 0,
        currency_id: values.currency_id ?? 0,
        experience,
        employed,
        family: family === '' ? null : family,
        referral: values.referral.trim() || null,
        terms: true,
      });
      success.show(response.message);
      await wait(timing.messageMs);
      clearSession();
      clearSignUp();
      storeSession(response.data.token, response.data.user);
      sessionStorage.setItem(sessionKeys.lastUpdated, new Date().toLocaleString('en-US'));
      void navigate('/verifyemail');
    } catch (failure) {
      error.show(failure instanceof ApiError ? failure.message : 'An error occurred');
    }
  };

  return (
    <AuthLayout title="Other information" intro="A few questions every regulated investment account asks.">
      <SignUpSteps current={3} />
      <LoadingOverlay caption={register.isPending ? 'Wait...' : null} />
      <form onSubmit={(event) => void submit(event)} className="space-y-4" noValidate>
        <MessageBanner error={error.message} success={success.message} />
        <TextField label="Date of birth" type="date" autoComplete="bday" {...field('date_of_birth')} />
        <SearchableSelect
          label="Nationality"
          options={nationalities.data ?? []}
          loading={nationalities.isPending}
          error={nationalities.error?.message}
          value={values.nationality}
          onChange={(id) => set({ nationality: Number(id) })}
        />
        <SelectField
          label="Account currency"
          name="currency_id"
          value={values.currency_id ?? ''}
          onChange={(event) => set({ currency_id: event.target.value ? Number(event.target.value) : null })}
          error={currencies.error?.message}
          options={(currencies.data ?? []).map((currency) => ({
            value: String(currency.id),
            label: `${currency.sign} ${currency.name} (${currency.code})`,
          }))}
        />
        {choices.map(({ name, label, options }) => (
          <SelectField
            key={name}
            label={label}
            {...field(name)}
            options={Object.entries(options).map(([value, text]) => ({ value, label: text }))}
          />
        ))}
        <TextField label="Referral code (optional)" {...field('referral')} />
        <CheckboxField
          label="I agree to the terms and conditions."
          name="terms"
          checked={values.terms}
          onChange={(event) => set({ terms: event.target.checked })}
        />
        <div className="flex gap-3 pt-2">
          <Button variant="secondary" className="flex-1" onClick={() => void navigate('/stepone')}>
            Back
          </Button>
          <Button type="submit" className="flex-1" disabled={register.isPending || success.message !== null}>
            Create account
          </Button>
        </div>
      </form>
    </AuthLayout>
  );
}
