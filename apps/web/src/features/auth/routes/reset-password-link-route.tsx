import { useState, type SyntheticEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { MessageBanner } from '../../../components/ui/message-banner';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useFlash } from '../../../hooks/use-flash';
import { clearSession } from '../../../lib/storage-keys';
import { timing, wait } from '../../../lib/timing';
import { useResetPasswordWithLink } from '../api/reset-password-link';
import { AuthLayout } from '../components/auth-layout';
import { NewPasswordFields, useNewPassword } from '../components/new-password-fields';

const incompleteLink = 'This link is incomplete. Open it again from the email.';

/** The link mailed while reset codes are locked after too many wrong ones: it sets a new password. */
export function ResetPasswordLinkRoute() {
  useDocumentTitle('Choose a new password');
  const navigate = useNavigate();
  const reset = useResetPasswordWithLink();
  const error = useFlash();
  const success = useFlash();
  // In the fragment, the link's token never reaches a server log or a Referer header.
  const [token] = useState(() => new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '');
  const newPassword = useNewPassword();

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    error.clear();
    const problem = token ? newPassword.problem() : incompleteLink;
    if (problem) error.show(problem);
    else {
      try {
        const answer = await reset.mutateAsync({ token, ...newPassword.values });
        clearSession();
        success.show(answer.message);
        await wait(timing.messageMs);
        void navigate('/');
      } catch (failure) {
        error.show(failure instanceof Error ? failure.message : 'An error occurred.');
      }
    }
  };

  return (
    <AuthLayout
      title="Choose a new password"
      intro="This sets a new password, signs out every session and unlocks your codes."
      headerAction={
        <Link to="/" className="rounded-lg px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50">
          sign in
        </Link>
      }
    >
      <form onSubmit={(event) => void submit(event)} className="space-y-5" noValidate>
        <MessageBanner
          error={token ? error.message : incompleteLink}
          success={reset.isPending ? 'Saving your new password...' : success.message}
        />
        <NewPasswordFields values={newPassword.values} onChange={newPassword.setValues} />
        <Button
          type="submit"
          className={`w-full ${newPassword.filled && token ? '' : 'opacity-60'}`}
          disabled={!newPassword.filled || !token || reset.isPending || success.message !== null}
        >
          Save the new password
        </Button>
      </form>
    </AuthLayout>
  );
}
