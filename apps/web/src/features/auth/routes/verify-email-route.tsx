import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { LoadingOverlay } from '../../../components/ui/loading-overlay';
import { useToast } from '../../../components/ui/toast';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { readStoredUser, storeUser } from '../../../lib/storage-keys';
import { useResendEmail } from '../api/resend-email';
import { useVerifyEmail } from '../api/verify-email';
import { AuthLayout } from '../components/auth-layout';
import { CodeForm } from '../components/code-form';
import { SignOutButton } from '../components/sign-out-button';
import { useSignOut } from '../../../lib/use-sign-out';

export function VerifyEmailRoute() {
  useDocumentTitle('Verify email');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const verify = useVerifyEmail();
  const resend = useResendEmail();
  const { caption, signOut } = useSignOut();
  const toast = useToast();
  const email = readStoredUser()?.email;

  const submit = async (code: string) => {
    const { data } = await verify.mutateAsync(code);
    storeUser(data.user);
    queryClient.setQueryData(['user'], data.user);
    void navigate('/portfolio');
  };
  const resendCode = async () => toast.success((await resend.mutateAsync()).message);

  return (
    <AuthLayout
      title="Verify your email Address"
      intro={
        email
          ? `We sent a six-digit code to ${email}. It works for 10 minutes.`
          : 'We sent you a six-digit code. It works for 10 minutes.'
      }
      headerAction={<SignOutButton onClick={signOut} />}
    >
      <LoadingOverlay caption={caption ?? (verify.isPending || resend.isPending ? 'Wait...' : null)} />
      <CodeForm
        submitLabel="Verify email"
        onSubmit={submit}
        onResend={resendCode}
        busy={verify.isPending || resend.isPending}
      />
    </AuthLayout>
  );
}
