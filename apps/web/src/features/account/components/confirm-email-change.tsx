import { useId, useState, type SyntheticEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { CodeInput, emptyCode } from '../../../components/ui/code-input';
import { MessageBanner } from '../../../components/ui/message-banner';
import { useConfirmEmailChange } from '../api/confirm-email-change';
import { useFocusAfterRefusal, useSaveFeedback } from './use-save-feedback';

type ConfirmEmailChangeProps = {
  newEmail: string;
  currentEmail: string;
  /** Told the success message: this form goes once the user shows the new address. */
  onConfirmed: (message: string) => void;
};

/** The two codes of an email change: one sent to the new address, one to the current address. */
export function ConfirmEmailChange({ newEmail, currentEmail, onConfirmed }: ConfirmEmailChangeProps) {
  const [newCode, setNewCode] = useState(emptyCode);
  const [currentCode, setCurrentCode] = useState(emptyCode);
  const confirm = useConfirmEmailChange();
  const feedback = useSaveFeedback();
  // A refused code marks its boxes and takes the focus there, ready to be typed again.
  const formRef = useFocusAfterRefusal(feedback.refusals);
  const errorIds = { new_email_code: useId(), current_email_code: useId() };
  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if ([...newCode, ...currentCode].some((character) => character === '')) {
      feedback.showError('Invalid OTP code!');
      return;
    }
    await feedback.run(async () => {
      const response = await confirm.mutateAsync({
        new_email_code: newCode.join(''),
        current_email_code: currentCode.join(''),
      });
      onConfirmed(response.message);
      return response;
    });
  };
  const boxes = (
    field: 'new_email_code' | 'current_email_code',
    email: string,
    value: string[],
    onChange: (value: string[]) => void,
  ) => {
    const error = feedback.fieldError(field);
    return (
      <div className="space-y-2">
        <p className="text-sm font-medium text-sky-950">
          Code sent to <strong className="break-all">{email}</strong>
        </p>
        <CodeInput
          label={`Code sent to ${email}`}
          value={value}
          onChange={(next) => {
            onChange(next);
            feedback.clearField(field);
          }}
          disabled={confirm.isPending}
          compact
          errorId={error ? errorIds[field] : undefined}
        />
        {error && (
          <p id={errorIds[field]} className="text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
    );
  };
  return (
    <form
      ref={formRef}
      onSubmit={(event) => void submit(event)}
      className="mt-8 space-y-5 rounded-xl border border-sky-200 bg-sky-50 p-4 sm:p-5"
      noValidate
    >
      <p className="text-sm text-sky-950">
        Enter both codes we sent: one to your new address and one to your current address. Your current email stays in
        use until then.
      </p>
      {boxes('new_email_code', newEmail, newCode, setNewCode)}
      {boxes('current_email_code', currentEmail, currentCode, setCurrentCode)}
      <MessageBanner error={feedback.error} success={feedback.success} />
      <Button type="submit" variant="secondary" disabled={confirm.isPending}>
        {confirm.isPending ? 'Confirming…' : 'Confirm new email'}
      </Button>
    </form>
  );
}
