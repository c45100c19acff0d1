import { useResetPasswordWithLink } from '../api/reset-password-link';
import { EmailedLinkPasswordForm } from '../components/new-password-form';

/** The link mailed while reset codes are locked after too many wrong ones: it sets a new password. */
export function ResetPasswordLinkRoute() {
  return (
    <EmailedLinkPasswordForm
      title="Choose a new password"
      intro="This sets a new password, signs out every session and unlocks your codes."
      pendingMessage="Saving your new password..."
      submitLabel="Save the new password"
      action={useResetPasswordWithLink()}
    />
  );
}
