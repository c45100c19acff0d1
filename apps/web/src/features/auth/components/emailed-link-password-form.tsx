import { useState, type SyntheticEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { MessageBanner } from '../../../components/ui/message-banner';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useFlash } from '../../../hooks/use-flash';
import { clearSession } from '../../../lib/storage-keys';
import { timing, wait } from '../../../lib/timing';
import { AuthLayout } from './auth-layout';
import { NewPasswordFields, useNewPassword, type NewPassword } from './new-password-fields';

const incompleteLink = 'This link is incomplete. Open it again from the email.';

type EmailedLinkPasswordFormProps = {
  title: string;
  intro: string;
  pendingMessage: string;
  submitLabel: string;
  /** Sends the link's token with the new password; its answer's message is shown before signing out. */
  action: {
    mutateAsync: (body: NewPassword & { token: string }) => Promise<{ message: string }>;
    isPending: boolean;
  };
};

/**
 * A page opened from a link in an email, whose token is in the fragment: it sets a new password,
 * then every session ends and the user signs in again.
 */
export function EmailedLinkPasswordForm({
  title,
  intro,
  pendingMessage,
  submitLabel,
  action,
}: EmailedLinkPasswordFormProps) {
  useDocumentTitle(title);
  const navigate = useNavigate();
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
        const answer = await action.mutateAsync({ token, ...newPassword.values });
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
      title={title}
      intro={intro}
      headerAction={
        <Link to="/" className="rounded-lg px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50">
          sign in
        </Link>
      }
    >
      <form onSubmit={(event) => void submit(event)} className="space-y-5" noValidate>
        <MessageBanner
          error={token ? error.message : incompleteLink}
          success={action.isPending ? pendingMessage : success.message}
        />
        <NewPasswordFields values={newPassword.values} onChange={newPassword.setValues} />
        <Button
          type="submit"
          className={`w-full ${newPassword.filled && token ? '' : 'opacity-60'}`}
          disabled={!newPassword.filled || !token || action.isPending || success.message !== null}
        >
          {submitLabel}
        </Button>
      </form>
    </AuthLayout>
  );
}
