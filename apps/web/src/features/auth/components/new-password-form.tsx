import { messages, requiredShort } from '@itrust/contracts/auth-rules';
import { useState, type ReactNode, type SyntheticEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { MessageBanner } from '../../../components/ui/message-banner';
import { TextField } from '../../../components/ui/text-field';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useFlash } from '../../../hooks/use-flash';
import { useFormValues } from '../../../lib/use-form-values';
import { clearSession } from '../../../lib/storage-keys';
import { timing, wait } from '../../../lib/timing';
import { AuthLayout, signInAction } from './auth-layout';

type NewPassword = { password: string; password_confirmation: string };

const newPassword = { type: 'password', autoComplete: 'new-password' } as const;
const incompleteLink = 'This link is incomplete. Open it again from the email.';

type NewPasswordFormProps = {
  title: string;
  intro: string;
  pendingMessage: string;
  submitLabel: string;
  /** Why nothing can be sent from this page (a link without its token): shown from the start. */
  refusal?: string | undefined;
  /** Sends the new password; its response's message is shown before the user goes back to sign in. */
  send: (password: NewPassword) => Promise<{ message: string }>;
  isPending: boolean;
  children?: ReactNode;
};

/** A new password typed twice, checked before it is sent; then the user signs in again. */
export function NewPasswordForm({
  title,
  intro,
  pendingMessage,
  submitLabel,
  refusal,
  send,
  isPending,
  children,
}: NewPasswordFormProps) {
  useDocumentTitle(title);
  const navigate = useNavigate();
  const error = useFlash();
  const success = useFlash();
  const { values, field } = useFormValues<NewPassword>({ password: '', password_confirmation: '' });
  const filled = values.password !== '' && values.password_confirmation !== '';

  const problem = () => {
    const missing = (['password', 'password_confirmation'] as const).find((field) => values[field] === '');
    if (missing) return requiredShort(missing);
    return values.password === values.password_confirmation ? null : messages.passwordsDoNotMatch;
  };
  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    error.clear();
    const found = refusal ?? problem();
    if (found) {
      error.show(found);
      return;
    }
    try {
      success.show((await send(values)).message);
      await wait(timing.messageMs);
      void navigate('/');
    } catch (failure) {
      error.show(failure instanceof Error ? failure.message : 'An error occurred.');
    }
  };

  return (
    <AuthLayout title={title} intro={intro} headerAction={signInAction}>
      <form onSubmit={(event) => void submit(event)} className="space-y-5" noValidate>
        <MessageBanner error={refusal ?? error.message} success={isPending ? pendingMessage : success.message} />
        <TextField
          label="New password"
          hint="use 8 or more characters with a mix of letters, numbers & symbols"
          {...newPassword}
          {...field('password')}
        />
        <TextField label="Re-enter new password" {...newPassword} {...field('password_confirmation')} />
        <Button
          type="submit"
          className={`w-full ${filled && !refusal ? '' : 'opacity-60'}`}
          disabled={!filled || refusal !== undefined || isPending || success.message !== null}
        >
          {submitLabel}
        </Button>
        {children}
      </form>
    </AuthLayout>
  );
}

type EmailedLinkPasswordFormProps = Omit<NewPasswordFormProps, 'refusal' | 'send' | 'isPending'> & {
  action: {
    mutateAsync: (body: NewPassword & { token: string }) => Promise<{ message: string }>;
    isPending: boolean;
  };
};

/**
 * A page opened from a link in an email, whose token is in the fragment: it sets a new password,
 * then every session ends and the user signs in again.
 */
export function EmailedLinkPasswordForm({ action, ...screen }: EmailedLinkPasswordFormProps) {
  // In the fragment, the link's token never reaches a server log or a Referer header.
  const [token] = useState(() => new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '');
  const send = async (password: NewPassword) => {
    const response = await action.mutateAsync({ token, ...password });
    clearSession();
    return response;
  };
  return (
    <NewPasswordForm
      {...screen}
      refusal={token ? undefined : incompleteLink}
      send={send}
      isPending={action.isPending}
    />
  );
}
