import { messages, requiredAsSpelled } from '@itrust/contracts/auth-rules';
import { useState, type SyntheticEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { MessageBanner } from '../../../components/ui/message-banner';
import { TextField } from '../../../components/ui/text-field';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useFlash } from '../../../hooks/use-flash';
import { AuthLayout } from '../components/auth-layout';
import { SignUpSteps } from '../components/sign-up-steps';
import { accountFields, readAccountStep, saveAccountStep, type AccountStep } from '../components/sign-up-store';

const labels: Record<keyof AccountStep, { label: string; type?: string; autoComplete: string }> = {
  first_name: { label: 'First name', autoComplete: 'given-name' },
  last_name: { label: 'Last name', autoComplete: 'family-name' },
  email: { label: 'Email address', type: 'email', autoComplete: 'email' },
  username: { label: 'Username', autoComplete: 'username' },
  password: { label: 'Password', type: 'password', autoComplete: 'new-password' },
  password_confirmation: { label: 'Confirm password', type: 'password', autoComplete: 'new-password' },
};

export function SignUpRoute() {
  useDocumentTitle('Signup');
  const navigate = useNavigate();
  const error = useFlash();
  const [values, setValues] = useState<AccountStep>(readAccountStep);
  const allFilled = accountFields.every((field) => values[field].trim() !== '');

  const next = (event: SyntheticEvent) => {
    event.preventDefault();
    error.clear();
    const missing = accountFields.find((field) => values[field].trim() === '');
    if (missing) {
      error.show(requiredAsSpelled(missing));
      return;
    }
    if (values.password !== values.password_confirmation) {
      error.show(messages.passwordsDoNotMatch);
      return;
    }
    saveAccountStep({
      ...values,
      first_name: values.first_name.trim(),
      last_name: values.last_name.trim(),
      email: values.email.trim(),
      username: values.username.trim(),
    });
    void navigate('/stepone');
  };

  return (
    <AuthLayout title="Create your account" intro="It takes three short steps.">
      <SignUpSteps current={1} />
      <form onSubmit={next} className="space-y-4" noValidate>
        <MessageBanner error={error.message} />
        {accountFields.map((field) => (
          <TextField
            key={field}
            name={field}
            label={labels[field].label}
            type={labels[field].type ?? 'text'}
            autoComplete={labels[field].autoComplete}
            value={values[field]}
            onChange={(event) => setValues({ ...values, [field]: event.target.value })}
            {...(field === 'password'
              ? { hint: 'At least 8 characters. A few random words make a strong password.' }
              : {})}
          />
        ))}
        <Button type="submit" className="w-full" disabled={!allFilled}>
          Next
        </Button>
        <p className="text-center text-sm text-slate-700">
          Already have an account?{' '}
          <Link to="/" className="font-semibold text-brand-700 underline-offset-2 hover:underline">
            Sign in
          </Link>
        </p>
      </form>
    </AuthLayout>
  );
}
