import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { LoadingOverlay } from '../../../components/ui/loading-overlay';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { fullSession, markTwoFactorPassed, readStoredUser, storeSession } from '../../../lib/storage-keys';
import { timing, wait } from '../../../lib/timing';
import { useResendTwoFa } from '../api/resend-two-fa';
import { useVerifyRecoveryCode } from '../api/verify-recovery-code';
import { useVerifyTwoFa } from '../api/verify-two-fa';
import { AuthLayout } from '../components/auth-layout';
import { CodeForm } from '../components/code-form';
import { PasskeySecondStep } from '../components/passkey-second-step';
import { RecoveryCodeForm } from '../components/recovery-code-form';
import { SignOutButton } from '../components/sign-out-button';
import { useSignOut } from '../../../lib/use-sign-out';

export function OtpRoute() {
  useDocumentTitle('2FA');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const verify = useVerifyTwoFa();
  const verifyRecovery = useVerifyRecoveryCode();
  const [usingRecoveryCode, setUsingRecoveryCode] = useState(false);
  const resend = useResendTwoFa();
  const { caption: signOutCaption, signOut } = useSignOut();
  const [caption, setCaption] = useState<string | null>(null);
  const user = readStoredUser();
  const email = user?.email;
  // Without two-factor sign-in an investor is asked for a code only after many failed sign-ins on the account.
  const reason =
    user && !user.two_fa_activated_at && user.role !== 'operator'
      ? ' We ask for it because of recent failed sign-ins on your account.'
      : '';
  const fromApp = Boolean(user?.authenticator_at);
  const home = user?.role === 'operator' ? '/admin' : '/portfolio';

  // A session that came here without waiting for a second step, as when two-factor sign-in was
  // turned on from another browser, is already trusted by the server: there is no code to enter.
  const [alreadyPassed] = useState(fullSession);
  useEffect(() => {
    if (!alreadyPassed) return;
    markTwoFactorPassed();
    void navigate(home, { replace: true });
  }, [alreadyPassed, home, navigate]);
  const emailIntro =
    (email
      ? `Enter the six-digit sign-in code we sent to ${email}.`
      : 'Enter the six-digit sign-in code we emailed you.') + reason;
  const intro = usingRecoveryCode
    ? 'Enter one of the recovery codes you saved when you set up your authenticator app. Each works once.'
    : fromApp
      ? 'Enter the six-digit code your authenticator app shows for Itrust.'
      : emailIntro;

  const submit = async (code: string, viaRecoveryCode = false) => {
    setCaption('Wait...');
    try {
      const { data } = await (viaRecoveryCode ? verifyRecovery : verify).mutateAsync(code);
      storeSession(data.token, data.user);
      markTwoFactorPassed();
      queryClient.setQueryData(['user'], data.user);
      setCaption('Login success.');
      await wait(timing.signInRedirectMs);
      void navigate(data.user.role === 'operator' ? '/admin' : '/portfolio');
    } catch (failure) {
      setCaption(null);
      throw failure;
    }
  };

  const resendCode = async () => {
    setCaption('Wait...');
    try {
      await resend.mutateAsync();
      setCaption('Code resent.');
      await wait(timing.signInRedirectMs);
      setCaption(null);
    } catch (failure) {
      setCaption(null);
      throw failure;
    }
  };

  return (
    <AuthLayout title="2FA" intro={intro} headerAction={<SignOutButton onClick={signOut} />}>
      <LoadingOverlay caption={signOutCaption ?? caption} />
      <Button variant="ghost" className="-ml-3 mb-3" onClick={signOut}>
        ← Go back
      </Button>
      {usingRecoveryCode ? (
        <RecoveryCodeForm onSubmit={(code) => submit(code, true)} busy={caption !== null} />
      ) : (
        <CodeForm
          submitLabel="Sign in"
          onSubmit={submit}
          {...(fromApp ? {} : { onResend: resendCode })}
          busy={caption !== null}
        />
      )}
      {fromApp && (
        <Button variant="ghost" className="mt-4 -ml-3" onClick={() => setUsingRecoveryCode(!usingRecoveryCode)}>
          {usingRecoveryCode ? 'Use a code from the app instead' : 'Use a recovery code instead'}
        </Button>
      )}
      <PasskeySecondStep />
    </AuthLayout>
  );
}
