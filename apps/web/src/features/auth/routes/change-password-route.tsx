import type { SyntheticEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { MessageBanner } from '../../../components/ui/message-banner';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useFlash } from '../../../hooks/use-flash';
import { sessionKeys } from '../../../lib/storage-keys';
import { timing, wait } from '../../../lib/timing';
import { useResetPassword } from '../api/reset-password';
import { AuthLayout } from '../components/auth-layout';
import { NewPasswordFields, useNewPassword } from '../components/new-password-fields';

export function ChangePasswordRoute() {
  useDocumentTitle('New password');
  const navigate = useNavigate();
  const reset = useResetPassword();
  const error = useFlash();
  const success = useFlash();
  const newPassword = useNewPassword();

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    error.clear();
    const problem = newPassword.problem();
    if (problem) {
      error.show(problem);
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
      const answer = await reset.mutateAsync({ email, code, ...newPassword.values });
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
        <NewPasswordFields values={newPassword.values} onChange={newPassword.setValues} />
        <Button
          type="submit"
          className={`w-full ${newPassword.filled ? '' : 'opacity-60'}`}
          disabled={!newPassword.filled || reset.isPending || success.message !== null}
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
