import { messages, requiredShort } from '@itrust/contracts/auth-rules';
import type { UserResource } from '@itrust/contracts';
import { useState, type SyntheticEvent } from 'react';
import { useStepUp } from '../../../components/step-up-dialog';
import { Button } from '../../../components/ui/button';
import { MessageBanner } from '../../../components/ui/message-banner';
import { Switch } from '../../../components/ui/switch';
import { TextField } from '../../../components/ui/text-field';
import { useFormValues } from '../../../lib/use-form-values';
import { markTwoFactorPassed } from '../../../lib/storage-keys';
import { useChangePassword, type PasswordChange } from '../api/change-password';
import { useSendTwoFaOffCode, useToggleTwoFa } from '../api/toggle-two-fa';
import { Panel } from './panel';
import { PasskeysPanel } from './passkeys-panel';
import { SessionsPanel } from './sessions-panel';
import { useFocusAfterRefusal, useSaveFeedback } from './use-save-feedback';

const emptyPasswords: PasswordChange = { old_password: '', new_password: '', new_password_confirmation: '' };

export function SecurityPanel({ user }: { user: UserResource }) {
  return (
    <Panel title="Security">
      <div className="divide-y divide-slate-100">
        <div className="py-4">
          <p className="font-medium text-slate-900">Email authentication</p>
          <p className="text-sm text-slate-600">
            Receive a one-time code by email at login when two-factor sign-in is on.
          </p>
        </div>
        <TwoFactorRow on={user.two_fa_activated_at !== null} />
      </div>
      <PasskeysPanel />
      <PasswordForm />
      <SessionsPanel />
    </Panel>
  );
}

function TwoFactorRow({ on }: { on: boolean }) {
  const toggle = useToggleTwoFa();
  const stepUp = useStepUp();
  const sendCode = useSendTwoFaOffCode();
  const feedback = useSaveFeedback();
  const [askingProof, setAskingProof] = useState(false);
  const proofForm = useFormValues({ two_fa_password: '', two_fa_code: '' });
  const proof = proofForm.values;

  const onSwitch = async (wantOn: boolean) => {
    if (!wantOn) {
      setAskingProof(true);
      return;
    }
    // This session is already signed in in full; the code is asked from the next sign-in on.
    markTwoFactorPassed();
    await feedback.run(() => toggle.mutateAsync({}));
  };
  const switchOff = async (event: SyntheticEvent) => {
    event.preventDefault();
    const body = proof.two_fa_code ? { code: proof.two_fa_code } : { password: proof.two_fa_password };
    if (await feedback.run(() => stepUp.guarded(() => toggle.mutateAsync(body)))) {
      setAskingProof(false);
      proofForm.set({ two_fa_password: '', two_fa_code: '' });
    }
  };

  return (
    <div>
      <Switch
        label="Two-factor sign-in"
        description="Ask for an emailed code each time you sign in."
        checked={on}
        disabled={toggle.isPending}
        onChange={(checked) => void onSwitch(checked)}
      />
      {askingProof && on && (
        <form
          onSubmit={(event) => void switchOff(event)}
          className="mb-4 space-y-3 rounded-xl border border-amber-200 bg-amber-50 p-4"
          noValidate
        >
          <p className="text-sm text-amber-950">
            To switch two-factor sign-in off, confirm it is you: enter your password, or a code we email you.
          </p>
          <TextField
            label="Current password"
            type="password"
            autoComplete="current-password"
            {...proofForm.field('two_fa_password')}
          />
          <TextField
            label="Or the emailed code"
            name="two_fa_code"
            inputMode="numeric"
            value={proof.two_fa_code}
            onChange={(event) => proofForm.set({ two_fa_code: event.target.value.trim() })}
          />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={toggle.isPending || (!proof.two_fa_password && !proof.two_fa_code)}>
              Switch off
            </Button>
            <Button
              variant="secondary"
              disabled={sendCode.isPending}
              onClick={() => void feedback.run(() => sendCode.mutateAsync())}
            >
              Email me a code
            </Button>
            <Button variant="ghost" onClick={() => setAskingProof(false)}>
              Keep it on
            </Button>
          </div>
        </form>
      )}
      <MessageBanner error={feedback.error} success={feedback.success} />
      {stepUp.dialog}
    </div>
  );
}

function PasswordForm() {
  const change = useChangePassword();
  const stepUp = useStepUp();
  const feedback = useSaveFeedback();
  const formRef = useFocusAfterRefusal(feedback.refusals);
  const { values, setValues, field } = useFormValues(emptyPasswords, feedback.fields);

  const save = async (event: SyntheticEvent) => {
    event.preventDefault();
    const missing = (Object.keys(values) as (keyof PasswordChange)[]).find((field) => values[field] === '');
    const mismatch = values.new_password !== values.new_password_confirmation;
    const refusal = missing ? requiredShort(missing) : mismatch ? messages.passwordsDoNotMatch : null;
    if (refusal) feedback.showError(refusal);
    else if (await feedback.run(() => stepUp.guarded(() => change.mutateAsync(values)))) setValues(emptyPasswords);
  };

  return (
    <>
      <form
        ref={formRef}
        onSubmit={(event) => void save(event)}
        className="mt-6 space-y-4 border-t border-slate-100 pt-6"
        noValidate
      >
        <h3 className="font-semibold text-slate-900">Change password</h3>
        <TextField label="Old password" type="password" autoComplete="current-password" {...field('old_password')} />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          hint="use 8 or more characters with a mix of letters, numbers & symbols"
          {...field('new_password')}
        />
        <TextField
          label="Re-enter new password"
          type="password"
          autoComplete="new-password"
          {...field('new_password_confirmation')}
        />
        <MessageBanner error={feedback.error} success={feedback.success} />
        <Button type="submit" disabled={change.isPending}>
          Save Changes
        </Button>
      </form>
      {stepUp.dialog}
    </>
  );
}
