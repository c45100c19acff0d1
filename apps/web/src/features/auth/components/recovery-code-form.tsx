import { recoveryCodeMessage, recoveryCodeRequest } from '@itrust/contracts/authenticator';
import { useState, type SyntheticEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { MessageBanner } from '../../../components/ui/message-banner';
import { TextField } from '../../../components/ui/text-field';
import { useFlash } from '../../../hooks/use-flash';

/** One of the recovery codes shown when the authenticator app was set up, in place of its code. */
export function RecoveryCodeForm({ onSubmit, busy }: { onSubmit: (code: string) => Promise<void>; busy: boolean }) {
  const [code, setCode] = useState('');
  const error = useFlash();

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    error.clear();
    if (!recoveryCodeRequest.safeParse({ code }).success) {
      error.show(recoveryCodeMessage);
      return;
    }
    try {
      await onSubmit(code.trim());
    } catch (failure) {
      error.show(failure instanceof Error ? failure.message : 'An error occurred.');
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-5" noValidate>
      <MessageBanner error={error.message} />
      <TextField
        label="Recovery code"
        name="recovery_code"
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        disabled={busy}
      />
      <Button type="submit" className="w-full" disabled={busy}>
        Sign in
      </Button>
    </form>
  );
}
