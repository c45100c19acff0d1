import { messages, passwordLengthProblem, requiredAsSpelled, usernamePattern } from '@itrust/contracts/auth-rules';
import { emailProblem } from '@itrust/contracts/email-identity';
import { useState, type SyntheticEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useFormValues } from '../../../lib/use-form-values';
import { useCheckPassword } from '../api/check-password';
import { AuthLayout } from '../components/auth-layout';
import { SignUpSteps } from '../components/sign-up-steps';
import { accountFields, readAccountStep, saveAccountStep, type AccountStep } from '../components/sign-up-store';

const labels: Record<keyof AccountStep, { label: string; type: string; autoComplete: string; hint?: string }> = {
  first_name: { label: 'First name', type: 'text', autoComplete: 'given-name' },
  last_name: { label: 'Last name', type: 'text', autoComplete: 'family-name' },
  email: { label: 'Email address', type: 'email', autoComplete: 'email' },
  username: { label: 'Username', type: 'text', autoComplete: 'username' },
  password: {
    label: 'Password',
    type: 'password',
    autoComplete: 'new-password',
    hint: 'At least 8 characters. A few random words make a strong password.',
  },
  password_confirmation: { label: 'Confirm password', type: 'password', autoComplete: 'new-password' },
};

type Field = keyof AccountStep;

/** What is wrong with one field of step 1, by the rules the server applies at sign-up; undefined when nothing. */
function problemOf(field: Field, values: AccountStep): string | undefined {
  const value = values[field];
  if (value.trim() === '') return requiredAsSpelled(field);
  if (field === 'email') return emailProblem(value, { newAddress: true });
  if (field === 'username' && !usernamePattern.test(value.trim())) return messages.usernameFormat;
  if (field === 'password') return passwordLengthProblem(value);
  if (field === 'password_confirmation' && value !== values.password) return messages.passwordsDoNotMatch;
  return undefined;
}

export function SignUpRoute() {
  useDocumentTitle('Signup');
  const navigate = useNavigate();
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const { values, field } = useFormValues<AccountStep>(readAccountStep, {
    errorOf: (name) => problems[name],
    onChange: (_next, [name = '']) => setProblems((current) => ({ ...current, [name]: undefined })),
  });
  const allFilled = accountFields.every((field) => values[field].trim() !== '');
  const checkPassword = useCheckPassword();

  // Checked on Next, not on leaving a field: a message appearing as the pointer presses Next would
  // move the button from under it, and the click would be lost.
  const next = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const found = Object.fromEntries(accountFields.map((field) => [field, problemOf(field, values)]));
    found['password'] ??= await checkPassword.mutateAsync(values.password);
    setProblems(found);
    const first = accountFields.find((field) => found[field]);
    if (first) {
      // The message may sit above the fold: the field itself takes the focus, and the screen scrolls to it.
      const input = form.elements.namedItem(first);
      if (input instanceof HTMLInputElement) input.focus();
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
      <form onSubmit={(event) => void next(event)} className="space-y-4" noValidate>
        {accountFields.map((name) => (
          <TextField key={name} {...labels[name]} {...field(name)} />
        ))}
        <Button type="submit" className="w-full" disabled={!allFilled || checkPassword.isPending}>
          {checkPassword.isPending ? 'Checking…' : 'Next'}
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
