import { emailPattern } from '@itrust/contracts/auth-rules';
import type { SyntheticEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { LoadingOverlay } from '../../../components/ui/loading-overlay';
import { MessageBanner } from '../../../components/ui/message-banner';
import { TextField } from '../../../components/ui/text-field';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useFlash } from '../../../hooks/use-flash';
import { useFormValues } from '../../../lib/use-form-values';
import { sessionKeys } from '../../../lib/storage-keys';
import { useForgotPassword } from '../api/forgot-password';
import { AuthLayout, signInAction } from '../components/auth-layout';

export function ResetPasswordRoute() {
  useDocumentTitle('Reset password');
  const navigate = useNavigate();
  const forgot = useForgotPassword();
  const error = useFlash();
  const { values, field } = useFormValues({ email: '' });
  const email = values.email;
  const valid = emailPattern.test(email.trim());

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    error.clear();
    if (!valid) return;
    try {
      await forgot.mutateAsync(email.trim());
      sessionStorage.setItem(sessionKeys.resetEmail, email.trim());
      void navigate('/validate-otp');
    } catch (failure) {
      error.show(failure instanceof Error ? failure.message : 'An error occurred.');
    }
  };

  return (
    <AuthLayout
      title="Reset password"
      intro="Enter the email address of your account. We will send you a six-digit code."
      headerAction={signInAction}
    >
      <LoadingOverlay caption={forgot.isPending ? 'Wait...' : null} />
      <form onSubmit={(event) => void submit(event)} className="space-y-5" noValidate>
        <MessageBanner error={error.message} />
        <TextField label="Email address" type="email" autoComplete="email" {...field('email')} />
        <Button type="submit" className="w-full" disabled={!valid || forgot.isPending}>
          Send code
        </Button>
      </form>
    </AuthLayout>
  );
}
