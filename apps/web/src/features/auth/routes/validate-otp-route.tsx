import { codeLength } from '../../../components/ui/code-input';
import { useNavigate } from 'react-router';
import { LoadingOverlay } from '../../../components/ui/loading-overlay';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useFlash } from '../../../hooks/use-flash';
import { sessionKeys } from '../../../lib/storage-keys';
import { timing, wait } from '../../../lib/timing';
import { useVerifyResetCode } from '../api/verify-reset-code';
import { AuthLayout } from '../components/auth-layout';
import { CodeForm } from '../components/code-form';

export function ValidateOtpRoute() {
  useDocumentTitle('Verify mail');
  const navigate = useNavigate();
  const verify = useVerifyResetCode();
  const success = useFlash();
  const email = sessionStorage.getItem(sessionKeys.resetEmail);

  const submit = async (code: string) => {
    if (!email || code.length < codeLength) throw new Error('OTP not passed!');
    const response = await verify.mutateAsync({ email, code });
    sessionStorage.setItem(sessionKeys.resetCode, code);
    success.show(response.message);
    await wait(timing.messageMs);
    void navigate('/change-password');
  };

  return (
    <AuthLayout
      title="Verify Mail"
      intro={email ? `Enter the six-digit code we sent to ${email}.` : 'Enter the six-digit code we emailed you.'}
    >
      <LoadingOverlay caption={verify.isPending ? 'Wait...' : null} />
      <CodeForm
        submitLabel="Verify mail"
        onSubmit={submit}
        busy={verify.isPending || success.message !== null}
        success={success.message}
      />
    </AuthLayout>
  );
}
