import { Link, useNavigate } from 'react-router';
import { sessionKeys } from '../../../lib/storage-keys';
import { timing, wait } from '../../../lib/timing';
import { useResetPassword } from '../api/reset-password';
import { NewPasswordForm } from '../components/new-password-form';

/** The last step of a reset by code (/change-password): the new password, with the checked code. */
export function ChangePasswordRoute() {
  const navigate = useNavigate();
  const reset = useResetPassword();

  const send = async (password: { password: string; password_confirmation: string }) => {
    const email = sessionStorage.getItem(sessionKeys.resetEmail);
    const code = sessionStorage.getItem(sessionKeys.resetCode);
    if (!email || !code) {
      // Said like a refusal, then back to the start of the reset.
      void wait(timing.messageMs).then(() => navigate('/reset-password'));
      throw new Error('OTP not passed!');
    }
    const response = await reset.mutateAsync({ email, code, ...password });
    sessionStorage.clear();
    return response;
  };

  return (
    <NewPasswordForm
      title="New password"
      intro="Enter a new password for your account."
      pendingMessage="Updating password..."
      submitLabel="Confirm"
      send={send}
      isPending={reset.isPending}
    >
      <p className="text-center text-sm">
        <Link to="/" className="font-semibold text-brand-700 underline-offset-2 hover:underline">
          Remember password? Login!
        </Link>
      </p>
    </NewPasswordForm>
  );
}
