import { isPhoneNumber, messages, requiredAsSpelled } from '@itrust/contracts/auth-rules';
import { useState, type SyntheticEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { MessageBanner } from '../../../components/ui/message-banner';
import { TextField } from '../../../components/ui/text-field';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useFlash } from '../../../hooks/use-flash';
import { useFormValues } from '../../../lib/use-form-values';
import { PlaceFields } from '../../../components/place-fields';
import { AuthLayout } from '../components/auth-layout';
import { SignUpSteps } from '../components/sign-up-steps';
import { accountStepComplete, readContactStep, saveContactStep, type ContactStep } from '../components/sign-up-store';

const requiredFields = ['phone', 'address', 'country_id', 'state_id', 'city', 'zipcode'] as const;
const isBlank = (value: ContactStep[keyof ContactStep]) =>
  value === null || (typeof value === 'string' && value.trim() === '');

/** Sign-up step 2 (/stepone): contact information, stored in session storage under contactInfo. */
export function ContactRoute() {
  useDocumentTitle('Signup');
  // Read once: the last step clears the sign-up record on success and must not bounce back to /signup.
  const [startedSignUp] = useState(accountStepComplete);
  const navigate = useNavigate();
  const error = useFlash();
  const { values, set, field } = useFormValues<ContactStep>(readContactStep, { onChange: saveContactStep });

  if (!startedSignUp) return <Navigate to="/signup" replace />;

  const next = (event: SyntheticEvent) => {
    event.preventDefault();
    error.clear();
    const missing = requiredFields.find((field) => isBlank(values[field]));
    if (missing) {
      error.show(requiredAsSpelled(missing));
      return;
    }
    if (!isPhoneNumber(values.phone.trim())) {
      error.show(messages.phoneFormat);
      return;
    }
    void navigate('/steptwo');
  };

  return (
    <AuthLayout title="Provide contact information" intro="We need these to open an investment account in your name.">
      <SignUpSteps current={2} />
      <form onSubmit={next} className="space-y-4" noValidate>
        <MessageBanner error={error.message} />
        <TextField label="Phone Number" type="tel" autoComplete="tel" {...field('phone')} />
        <TextField label="Residential Address" autoComplete="street-address" {...field('address')} />
        <PlaceFields value={values} stateLabel="State/Province" onChange={set} />
        <TextField label="Enter zip code" autoComplete="postal-code" {...field('zipcode')} />
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
