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

/** The reset code check (/validate-otp), titled 'Verify Mail'. */
export function ValidateOtpRoute() {
  useDocumentTitle('Verify mail');
  const navigate = useNavigate();
  const verify = useVerifyResetCode();
  const error = useFlash();
  const success = useFlash();
  const email = sessionStorage.getItem(sessionKeys.resetEmail);

  const submit = async (code: string) => {
    error.clear();
    if (!email || code.length < codeLength) {
      error.show('OTP not passed!');
      return;
    }
    try {
      const answer = await verify.mutateAsync({ email, code });
      sessionStorage.setItem(sessionKeys.resetCode, code);
      success.show(answer.message);
      await wait(timing.messageMs);
      void navigate('/change-password');
    } catch (failure) {
      error.show(failure instanceof Error ? failure.message : 'An error occurred.');
    }
  };

  return (
    <AuthLayout
      title="Verify Mail"
      intro={email ? `Enter the six-digit code we sent to ${email}.` : 'Enter the six-digit code we emailed you.'}
    >
      <LoadingOverlay caption={verify.isPending ? 'Wait...' : null} />
      <CodeForm
        submitLabel="Verify mail"
        onSubmit={(code) => void submit(code)}
        busy={verify.isPending || success.message !== null}
        error={error.message}
        success={success.message}
        onInvalid={error.show}
      />
    </AuthLayout>
  );
}
