import { useCallback, useState, type ReactNode, type SyntheticEvent } from 'react';
import { ApiError, apiRequest } from '../lib/api-client';
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

function StepUpDialog({ reason, onDone }: { reason: string; onDone: (confirmed: boolean) => void }) {
  const [code, setCode] = useState('');
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const attempt = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
      return true;
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'An error occurred.');
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
    if (await attempt(() => apiRequest('/user/security/step-up', { method: 'POST', body: { code: code.trim() } })))
      onDone(true);
  };

  return (
    <Modal title="Confirm it is you" onClose={() => onDone(false)}>
      <form onSubmit={(event) => void confirm(event)} className="space-y-4" noValidate>
        <p className="text-sm text-slate-700">{reason}</p>
        <p className="text-sm text-slate-700">
          We email you a code; with it, you can make security changes for the next 5 minutes.
        </p>
        <Button variant="secondary" disabled={busy} onClick={() => void sendCode()} data-autofocus>
          {sent ? 'Send another code' : 'Email me a code'}
        </Button>
        {sent && (
          <TextField
            label="Confirmation code"
            name="step_up_code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        )}
        <MessageBanner error={error} />
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="ghost" onClick={() => onDone(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy || !sent || code.trim().length !== 6}>
            Confirm
          </Button>
        </div>
      </form>
    </Modal>
  );
}
