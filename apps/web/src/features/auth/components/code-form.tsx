import { messages } from '@itrust/contracts/auth-rules';
import { useState, type SyntheticEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { CodeInput, emptyCode } from '../../../components/ui/code-input';
import { MessageBanner } from '../../../components/ui/message-banner';
import { useFlash } from '../../../hooks/use-flash';

type CodeFormProps = {
  submitLabel: string;
  /** Sends the code; what it throws is shown above the boxes. */
  onSubmit: (code: string) => Promise<void>;
  onResend?: () => Promise<void>;
  busy: boolean;
  success?: string | null;
};

/** Six boxes and the buttons of every code screen; any empty box gives 'Invalid OTP code!'. */
export function CodeForm({ submitLabel, onSubmit, onResend, busy, success = null }: CodeFormProps) {
  const [code, setCode] = useState(emptyCode);
  const error = useFlash();
  const run = async (action: () => Promise<void>) => {
    try {
      await action();
    } catch (failure) {
      error.show(failure instanceof Error ? failure.message : 'An error occurred.');
    }
  };

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    error.clear();
    if (code.some((character) => character === '')) error.show(messages.invalidCode);
    else void run(() => onSubmit(code.join('')));
  };

  return (
    <form onSubmit={submit} className="space-y-5" noValidate>
      <MessageBanner error={error.message} success={success} />
      <CodeInput label="Six-digit code" value={code} onChange={setCode} disabled={busy} />
      <div className="flex flex-col gap-3 sm:flex-row-reverse">
        <Button type="submit" className="flex-1" disabled={busy}>
          {submitLabel}
        </Button>
        {onResend && (
          <Button variant="secondary" className="flex-1" disabled={busy} onClick={() => void run(onResend)}>
            Resend code
          </Button>
        )}
      </div>
    </form>
  );
}
