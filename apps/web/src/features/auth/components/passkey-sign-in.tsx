import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { LoadingOverlay } from '../../../components/ui/loading-overlay';
import { markTwoFactorPassed, storeSession } from '../../../lib/storage-keys';
import { timing, wait } from '../../../lib/timing';
import { usePasskeySignIn } from '../api/passkey-sign-in';

/** Signing in with a passkey alone: the device confirms the user, so no password or code follows. */
export function PasskeySignIn({ onError }: { onError: (message: string) => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signIn = usePasskeySignIn();
  const [caption, setCaption] = useState<string | null>(null);

  const run = async () => {
    try {
      const { data } = await signIn.mutateAsync();
      storeSession(data.token, data.user);
      markTwoFactorPassed();
      queryClient.setQueryData(['user'], data.user);
      setCaption('Login success.');
      await wait(timing.signInRedirectMs);
      void navigate(data.user.role === 'operator' ? '/admin' : '/portfolio');
    } catch (failure) {
      onError(failure instanceof Error ? failure.message : 'An error occurred.');
    }
  };

  return (
    <>
      <LoadingOverlay caption={caption} />
      <div className="flex items-center gap-3 text-xs font-medium tracking-wide text-slate-600 uppercase">
        <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
        or
        <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
      </div>
      <Button variant="secondary" className="w-full" disabled={signIn.isPending} onClick={() => void run()}>
        Sign in with a passkey
      </Button>
    </>
  );
}
