import { messages } from '@itrust/contracts/auth-rules';
import { useState, type SyntheticEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { CodeInput, emptyCode } from '../../../components/ui/code-input';
import { MessageBanner } from '../../../components/ui/message-banner';

type CodeFormProps = {
  submitLabel: string;
  onSubmit: (code: string) => void;
  onResend?: () => void;
  busy: boolean;
  error: string | null;
  success: string | null;
  onInvalid: (message: string) => void;
};

/** Six boxes and the buttons of every code screen; any empty box gives 'Invalid OTP code!'. */
export function CodeForm({ submitLabel, onSubmit, onResend, busy, error, success, onInvalid }: CodeFormProps) {
  const [code, setCode] = useState(emptyCode);

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (code.some((character) => character === '')) {
      onInvalid(messages.invalidCode);
      return;
    }
    onSubmit(code.join(''));
  };

  return (
    <form onSubmit={submit} className="space-y-5" noValidate>
      <MessageBanner error={error} success={success} />
      <CodeInput label="Six-digit code" value={code} onChange={setCode} disabled={busy} />
      <div className="flex flex-col gap-3 sm:flex-row-reverse">
        <Button type="submit" className="flex-1" disabled={busy}>
          {submitLabel}
        </Button>
        {onResend && (
          <Button variant="secondary" className="flex-1" disabled={busy} onClick={onResend}>
            Resend code
          </Button>
        )}
      </div>
    </form>
  );
}
