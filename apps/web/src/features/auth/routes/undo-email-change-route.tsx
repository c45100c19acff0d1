import { useState, type SyntheticEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { MessageBanner } from '../../../components/ui/message-banner';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useFlash } from '../../../hooks/use-flash';
import { clearSession } from '../../../lib/storage-keys';
import { timing, wait } from '../../../lib/timing';
import { useUndoEmailChange } from '../api/undo-email-change';
import { AuthLayout } from '../components/auth-layout';
import { NewPasswordFields, useNewPassword } from '../components/new-password-fields';

const incompleteLink = 'This link is incomplete. Open it again from the email.';

/** The link mailed to the old address: it puts that address back and sets a new password. */
export function UndoEmailChangeRoute() {
  useDocumentTitle('Undo the email change');
  const navigate = useNavigate();
  const undo = useUndoEmailChange();
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
        const answer = await undo.mutateAsync({ token, ...newPassword.values });
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
      title="Undo the email change"
      intro="This puts your previous email address back on your account, signs out every session and sets a new password: whoever changed your address knew the old one."
      headerAction={
        <Link to="/" className="rounded-lg px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50">
          sign in
        </Link>
      }
    >
      <form onSubmit={(event) => void submit(event)} className="space-y-5" noValidate>
        <MessageBanner
          error={token ? error.message : incompleteLink}
          success={undo.isPending ? 'Putting your address back...' : success.message}
        />
        <NewPasswordFields values={newPassword.values} onChange={newPassword.setValues} />
        <Button
          type="submit"
          className={`w-full ${newPassword.filled && token ? '' : 'opacity-60'}`}
          disabled={!newPassword.filled || !token || undo.isPending || success.message !== null}
        >
          Undo the change
        </Button>
      </form>
    </AuthLayout>
  );
}
