import type { PasskeysResponse } from '@itrust/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState, type ReactNode, type SyntheticEvent } from 'react';
import { ApiError, apiData, apiRequest } from '../lib/api-client';
import { useUser } from '../lib/queries/get-user';
import { PasskeyPromptError } from '../lib/passkeys';
import { stepUpWithPasskey } from './step-up-passkey';
import { Button } from './ui/button';
import { MessageBanner } from './ui/message-banner';
import { Modal } from './ui/modal';
import { TextField } from './ui/text-field';

/** The server refuses a risky change without a recent second step with a 403 that names the `step_up` field. */
const needsStepUp = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 403 && error.errors['step_up'] !== undefined;

/**
 * Runs a risky change; when the server asks for the second step first, a dialog asks for it and
 * the change is tried again. Render `dialog` where the screen shows its dialogs.
 */
export function useStepUp(): { guarded: <T>(change: () => Promise<T>) => Promise<T>; dialog: ReactNode } {
  const [asking, setAsking] = useState<{ reason: string; done: (confirmed: boolean) => void } | null>(null);
  const guarded = useCallback(async <T,>(change: () => Promise<T>): Promise<T> => {
    try {
      return await change();
    } catch (error) {
      if (!needsStepUp(error)) throw error;
      const confirmed = await new Promise<boolean>((done) => setAsking({ reason: error.message, done }));
      if (!confirmed) throw error;
      return change();
    }
  }, []);
  const finish = (confirmed: boolean) => {
    asking?.done(confirmed);
    setAsking(null);
  };
  const dialog = asking ? <StepUpDialog reason={asking.reason} onDone={finish} /> : null;
  return { guarded, dialog };
}

/** How the dialog asks: the emailed code, the authenticator app's code, or a recovery code. */
type Way = 'email' | 'authenticator' | 'recovery';

const fieldOf: Record<Way, { label: string; hint: string; maxLength: number; path: string }> = {
  email: {
    label: 'Confirmation code',
    hint: 'We email you a code; with it, you can make security changes for the next 5 minutes.',
    maxLength: 6,
    path: '/user/security/step-up',
  },
  authenticator: {
    label: 'Code from your authenticator app',
    hint: 'Enter the code your authenticator app shows now; then you can make security changes for the next 5 minutes.',
    maxLength: 6,
    path: '/user/security/step-up',
  },
  recovery: {
    label: 'Recovery code',
    hint: 'Enter one of the recovery codes you kept: it works only once.',
    maxLength: 11,
    path: '/user/security/step-up/recovery',
  },
};

const failureMessage = (failure: unknown) =>
  failure instanceof ApiError || failure instanceof PasskeyPromptError ? failure.message : 'An error occurred.';

function StepUpDialog({ reason, onDone }: { reason: string; onDone: (confirmed: boolean) => void }) {
  const user = useUser();
  const passkeys = useQuery({
    queryKey: ['step-up', 'passkeys'],
    queryFn: () => apiData<PasskeysResponse>('/user/passkeys'),
    staleTime: 0,
  });
  const appWay: Way = user.data?.authenticator_at ? 'authenticator' : 'email';
  const [recovery, setRecovery] = useState(false);
  const way: Way = recovery ? 'recovery' : appWay;
  const [code, setCode] = useState('');
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const hasPasskey = (passkeys.data?.passkeys.length ?? 0) > 0;
  const attempt = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
      return true;
    } catch (failure) {
      setError(failureMessage(failure));
      return false;
    } finally {
      setBusy(false);
    }
  };
  const sendCode = async () => {
    if (await attempt(() => apiRequest('/user/security/step-up/code', { method: 'POST' }))) setSent(true);
  };
  const confirm = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (await attempt(() => apiRequest(fieldOf[way].path, { method: 'POST', body: { code: code.trim() } })))
      onDone(true);
  };
  const confirmWithPasskey = async () => {
    if (await attempt(stepUpWithPasskey)) onDone(true);
  };
  const switchWay = () => {
    setRecovery(!recovery);
    setCode('');
    setError(null);
  };
  const field = fieldOf[way];
  const showField = way !== 'email' || sent;
  const complete = way === 'recovery' ? code.replace(/[\s-]/g, '').length === 10 : code.trim().length === 6;

  if (user.isPending || passkeys.isPending) {
    return (
      <Modal title="Confirm it is you" onClose={() => onDone(false)}>
        <p className="text-sm text-slate-700" role="status">
          Loading how you confirm it is you…
        </p>
      </Modal>
    );
  }
  return (
    <Modal title="Confirm it is you" onClose={() => onDone(false)}>
      <form onSubmit={(event) => void confirm(event)} className="space-y-4" noValidate>
        <p className="text-sm text-slate-700">{reason}</p>
        <MessageBanner error={user.error?.message ?? passkeys.error?.message} />
        {hasPasskey && (
          <Button className="w-full" disabled={busy} onClick={() => void confirmWithPasskey()} data-autofocus>
            Use a passkey
          </Button>
        )}
        <p className="text-sm text-slate-700">{field.hint}</p>
        {way === 'email' && (
          <Button variant="secondary" disabled={busy} onClick={() => void sendCode()} data-autofocus>
            {sent ? 'Send another code' : 'Email me a code'}
          </Button>
        )}
        {showField && (
          <TextField
            label={field.label}
            name="step_up_code"
            inputMode={way === 'recovery' ? 'text' : 'numeric'}
            autoComplete={way === 'recovery' ? 'off' : 'one-time-code'}
            maxLength={field.maxLength}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            data-autofocus={!hasPasskey || undefined}
          />
        )}
        {(appWay === 'authenticator' || hasPasskey) && (
          <button type="button" className="text-sm font-medium text-brand-700 underline" onClick={switchWay}>
            {recovery
              ? appWay === 'authenticator'
                ? 'Use your authenticator app instead'
                : 'Use an emailed code instead'
              : 'Use a recovery code instead'}
          </button>
        )}
        <MessageBanner error={error} />
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="ghost" onClick={() => onDone(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy || !showField || !complete}>
            Confirm
          </Button>
        </div>
      </form>
    </Modal>
  );
}
