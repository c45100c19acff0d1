import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { LoadingOverlay } from '../../../components/ui/loading-overlay';
import { MessageBanner } from '../../../components/ui/message-banner';
import { useFlash } from '../../../hooks/use-flash';
import { markTwoFactorPassed, storeSession } from '../../../lib/storage-keys';
import { timing, wait } from '../../../lib/timing';
import { useSecondStepOptions, useVerifyTwoFaWithPasskey } from '../api/passkey-second-step';

/** On the second-step screen, a passkey in place of the code, offered when the user has one. */
export function PasskeySecondStep() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const options = useSecondStepOptions();
  const verify = useVerifyTwoFaWithPasskey();
  const error = useFlash();
  const [caption, setCaption] = useState<string | null>(null);
  if (!options.data) return null;
  const challenge = options.data;

  const run = async () => {
    error.clear();
    try {
      const { data } = await verify.mutateAsync(challenge);
      storeSession(data.token, data.user);
      markTwoFactorPassed();
      queryClient.setQueryData(['user'], data.user);
      setCaption('Login success.');
      await wait(timing.signInRedirectMs);
      void navigate(data.user.role === 'operator' ? '/admin' : '/portfolio');
    } catch (failure) {
      error.show(failure instanceof Error ? failure.message : 'An error occurred.');
      await options.refetch();
    }
  };

  return (
    <div className="mt-5 space-y-3 border-t border-slate-100 pt-5">
      <LoadingOverlay caption={caption} />
      <MessageBanner error={error.message} />
      <Button
        variant="secondary"
        className="w-full"
        disabled={verify.isPending || options.isFetching}
        onClick={() => void run()}
      >
        Use a passkey instead
      </Button>
    </div>
  );
}
