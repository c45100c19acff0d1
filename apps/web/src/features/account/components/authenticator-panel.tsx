import type { AuthenticatorSetupResponse } from '@itrust/contracts';
import { messages } from '@itrust/contracts/auth-rules';
import { QRCodeSVG } from 'qrcode.react';
import { useState, type SyntheticEvent } from 'react';
import { useStepUp } from '../../../components/step-up-dialog';
import { Button } from '../../../components/ui/button';
import { CodeInput, emptyCode } from '../../../components/ui/code-input';
import { MessageBanner } from '../../../components/ui/message-banner';
import { TextField } from '../../../components/ui/text-field';
import {
  useAuthenticatorStatus,
  useConfirmAuthenticator,
  useRegenerateRecoveryCodes,
  useRemoveAuthenticator,
  useStartAuthenticator,
} from '../api/authenticator';
import { Panel } from './panel';
import { RecoveryCodesList } from './recovery-codes-list';
import { useSaveFeedback } from './use-save-feedback';

/** The authenticator app (TOTP) as the second step, and the recovery codes that stand in for it. */
export function AuthenticatorPanel() {
  const status = useAuthenticatorStatus();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  let body;
  if (status.isPending) body = <p className="text-sm text-slate-600">Loading…</p>;
  else if (status.isError)
    body = (
      <div className="space-y-3">
        <MessageBanner error={status.error.message} />
        <Button variant="secondary" onClick={() => void status.refetch()} disabled={status.isFetching}>
          Try again
        </Button>
      </div>
    );
  else if (status.data.authenticator_at === null) body = <SetUp onConfirmed={setRecoveryCodes} />;
  else
    body = (
      <SetUpAlready
        since={status.data.authenticator_at}
        codesLeft={status.data.recovery_codes_left}
        onNewCodes={setRecoveryCodes}
      />
    );

  return (
    <Panel title="Authenticator app">
      <div className="space-y-4">
        <p className="text-sm text-slate-600">
          A code from an app such as Google Authenticator, 1Password or Authy at each sign-in: safer than an emailed
          code, because it does not depend on your mailbox.
        </p>
        {recoveryCodes && <RecoveryCodesList codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />}
        {body}
      </div>
    </Panel>
  );
}

function SetUp({ onConfirmed }: { onConfirmed: (codes: string[]) => void }) {
  const start = useStartAuthenticator();
  const confirm = useConfirmAuthenticator();
  const stepUp = useStepUp();
  const feedback = useSaveFeedback();
  const [setup, setSetup] = useState<AuthenticatorSetupResponse | null>(null);
  const [code, setCode] = useState(emptyCode);

  // Setting up a second step is a risky change: the server asks for a recent one first.
  const begin = () =>
    void feedback.run(async () => {
      const response = await stepUp.guarded(() => start.mutateAsync());
      setSetup(response.data);
      setCode(emptyCode());
      return { message: '' };
    });
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (code.some((character) => character === '')) feedback.showError(messages.invalidCode);
    else
      void feedback.run(async () => {
        const response = await stepUp.guarded(() => confirm.mutateAsync(code.join('')));
        onConfirmed(response.data.recovery_codes);
        return response;
      });
  };

  if (!setup)
    return (
      <div className="space-y-3">
        <MessageBanner error={feedback.error} />
        <Button onClick={begin} disabled={start.isPending}>
          Set up an authenticator app
        </Button>
        {stepUp.dialog}
      </div>
    );
  return (
    <>
      <form onSubmit={submit} className="space-y-4" noValidate aria-label="Set up an authenticator app">
        <p className="text-sm text-slate-700">
          Scan this QR code with your authenticator app, or type in the key below. Then enter the six-digit code the app
          shows.
        </p>
        <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
          <QRCodeSVG value={setup.uri} size={168} marginSize={2} title="QR code for your authenticator app" />
          <div className="min-w-0">
            <p className="text-sm font-medium text-slate-900">Key</p>
            <p data-testid="authenticator-secret" className="font-mono text-sm break-all text-slate-900">
              {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
            </p>
          </div>
        </div>
        <CodeInput label="Code from the app" value={code} onChange={setCode} disabled={confirm.isPending} />
        <MessageBanner error={feedback.error} />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={confirm.isPending}>
            Turn on
          </Button>
          <Button variant="ghost" onClick={() => setSetup(null)}>
            Cancel
          </Button>
        </div>
      </form>
      {stepUp.dialog}
    </>
  );
}

type SetUpAlreadyProps = { since: string; codesLeft: number; onNewCodes: (codes: string[]) => void };

function SetUpAlready({ since, codesLeft, onNewCodes }: SetUpAlreadyProps) {
  const regenerate = useRegenerateRecoveryCodes();
  const remove = useRemoveAuthenticator();
  const feedback = useSaveFeedback();
  const [removing, setRemoving] = useState(false);
  const [proof, setProof] = useState({ password: '', code: '' });

  const newCodes = () =>
    void feedback.run(async () => {
      const response = await regenerate.mutateAsync(undefined);
      onNewCodes(response.data.recovery_codes);
      return response;
    });
  const submitRemoval = (event: SyntheticEvent) => {
    event.preventDefault();
    const body = proof.code ? { code: proof.code } : { password: proof.password };
    void feedback.run(() => remove.mutateAsync(body));
  };

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-900">
        <span className="font-semibold">On</span> since{' '}
        {new Date(since).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' })}: sign-in asks
        for a code from the app. Recovery codes left: <span className="font-semibold">{codesLeft}</span>.
      </p>
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={newCodes} disabled={regenerate.isPending}>
          Make new recovery codes
        </Button>
        <Button variant="ghost" onClick={() => setRemoving(true)}>
          Remove the app
        </Button>
      </div>
      {removing && (
        <form
          onSubmit={submitRemoval}
          className="space-y-3 rounded-xl border border-amber-200 bg-amber-50 p-4"
          noValidate
          aria-label="Remove the authenticator app"
        >
          <p className="text-sm text-amber-950">To remove it, enter your password or a code from the app.</p>
          <TextField
            label="Current password"
            name="authenticator_password"
            type="password"
            autoComplete="current-password"
            value={proof.password}
            onChange={(event) => setProof({ ...proof, password: event.target.value })}
          />
          <TextField
            label="Or a code from the app"
            name="authenticator_code"
            inputMode="numeric"
            value={proof.code}
            onChange={(event) => setProof({ ...proof, code: event.target.value.trim() })}
          />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={remove.isPending || (!proof.password && !proof.code)}>
              Remove
            </Button>
            <Button variant="ghost" onClick={() => setRemoving(false)}>
              Keep it
            </Button>
          </div>
        </form>
      )}
      <MessageBanner error={feedback.error} success={feedback.success} />
    </div>
  );
}
