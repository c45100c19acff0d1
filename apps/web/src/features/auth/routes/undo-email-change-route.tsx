import { useUndoEmailChange } from '../api/undo-email-change';
import { EmailedLinkPasswordForm } from '../components/new-password-form';

/** The link mailed to the old address: it puts that address back and sets a new password. */
export function UndoEmailChangeRoute() {
  return (
    <EmailedLinkPasswordForm
      title="Undo the email change"
      intro="This puts your previous email address back on your account, signs out every session and sets a new password: whoever changed your address knew the old one."
      pendingMessage="Putting your address back..."
      submitLabel="Undo the change"
      action={useUndoEmailChange()}
    />
  );
}
