import { messages, requiredShort } from '@itrust/contracts/auth-rules';
import { useState, type SyntheticEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { MessageBanner } from '../../../components/ui/message-banner';
import { TextField } from '../../../components/ui/text-field';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useFlash } from '../../../hooks/use-flash';
import { sessionKeys } from '../../../lib/storage-keys';
import { timing, wait } from '../../../lib/timing';
import { useResetPassword } from '../api/reset-password';
import { AuthLayout } from '../components/auth-layout';

export function ChangePasswordRoute() {
  useDocumentTitle('New password');
  const navigate = useNavigate();
  const reset = useResetPassword();
  const error = useFlash();
  const success = useFlash();
  const [values, setValues] = useState({ password: '', password_confirmation: '' });
  const filled = values.password !== '' && values.password_confirmation !== '';

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    error.clear();
    const missing = (['password', 'password_confirmation'] as const).find((field) => values[field] === '');
    if (missing) {
      error.show(requiredShort(missing));
      return;
    }
    if (values.password !== values.password_confirmation) {
      error.show(messages.passwordsDoNotMatch);
      return;
    }
    const email = sessionStorage.getItem(sessionKeys.resetEmail);
    const code = sessionStorage.getItem(sessionKeys.resetCode);
    if (!email || !code) {
      error.show('OTP not passed!');
      await wait(timing.messageMs);
      void navigate('/reset-password');
      return;
    }
    try {
      const answer = await reset.mutateAsync({ email, code, ...values });
      success.show(answer.message);
      await wait(timing.messageMs);
      sessionStorage.clear();
      void navigate('/');
    } catch (failure) {
      error.show(failure instanceof Error ? failure.message : 'An error occurred.');
    }
  };

  return (
    <AuthLayout
      title="New password"
      intro="Enter a new password for your account."
      headerAction={
        <Link to="/" className="rounded-lg px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50">
          sign in
        </Link>
      }
    >
      <form onSubmit={(event) => void submit(event)} className="space-y-5" noValidate>
        <MessageBanner error={error.message} success={reset.isPending ? 'Updating password...' : success.message} />
        <TextField
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          hint="use 8 or more characters with a mix of letters, numbers & symbols"
          value={values.password}
          onChange={(event) => setValues({ ...values, password: event.target.value })}
        />
        <TextField
          label="Re-enter new password"
          name="password_confirmation"
          type="password"
          autoComplete="new-password"
          value={values.password_confirmation}
          onChange={(event) => setValues({ ...values, password_confirmation: event.target.value })}
        />
        <Button
          type="submit"
          className={`w-full ${filled ? '' : 'opacity-60'}`}
          disabled={!filled || reset.isPending || success.message !== null}
        >
          Confirm
        </Button>
        <p className="text-center text-sm">
          <Link to="/" className="font-semibold text-brand-700 underline-offset-2 hover:underline">
            Remember password? Login!
          </Link>
        </p>
      </form>
    </AuthLayout>
  );
}
