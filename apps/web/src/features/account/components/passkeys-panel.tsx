import { passkeyNameRules, type PasskeyResource } from '@itrust/contracts/passkeys';
import { useId, useState, type SyntheticEvent } from 'react';
import { useStepUp } from '../../../components/step-up-dialog';
import { Button } from '../../../components/ui/button';
import { MessageBanner } from '../../../components/ui/message-banner';
import { TextField } from '../../../components/ui/text-field';
import { useFlash } from '../../../hooks/use-flash';
import { ApiError } from '../../../lib/api-client';
import { useAddPasskey, usePasskeys, useRemovePasskey } from '../api/passkeys';
import { RecoveryCodesList } from './recovery-codes-list';

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** The Security screen's passkeys, each with when it was added and last used and a way to remove it; and adding one. */
export function PasskeysPanel() {
  const titleId = useId();
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const { guarded, dialog } = useStepUp();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const success = useFlash();
  const error = useFlash();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();

  const report = async (action: () => Promise<{ message: string }>) => {
    success.clear();
    error.clear();
    try {
      success.show((await action()).message);
      return true;
    } catch (failure) {
      const message = failure instanceof Error ? failure.message : 'An error occurred.';
      error.show(message);
      if (failure instanceof ApiError && failure.errors['name']?.[0]) setNameError(failure.errors['name'][0]);
      return false;
    }
  };

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setNameError(passkeyNameRules.required);
      return;
    }
    const added = async () => {
      const response = await guarded(() => add.mutateAsync(name.trim()));
      setRecoveryCodes(response.data.recovery_codes);
      return response;
    };
    if (await report(added)) setName('');
  };

  return (
    <section aria-labelledby={titleId} className="mt-6 space-y-4 border-t border-slate-100 pt-6">
      <div>
        <h3 id={titleId} className="font-semibold text-slate-900">
          Passkeys
        </h3>
        <p className="mt-1 text-sm text-slate-600">
          Sign in with your fingerprint, face or device PIN instead of a password and code. The passkey stays on your
          device; Itrust keeps only its public key.
        </p>
      </div>
      {passkeys.isPending ? (
        <p className="text-sm text-slate-600">Loading passkeys…</p>
      ) : passkeys.isError ? (
        <div className="flex flex-wrap items-center gap-3">
          <MessageBanner error={passkeys.error.message} />
          <Button variant="secondary" onClick={() => void passkeys.refetch()}>
            Try again
          </Button>
        </div>
      ) : passkeys.data.length === 0 ? (
        <p className="rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-700">You have no passkeys yet.</p>
      ) : (
        <ul aria-label="Your passkeys" className="divide-y divide-slate-100 rounded-xl border border-slate-200">
          {passkeys.data.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} report={report} />
          ))}
        </ul>
      )}
      <form onSubmit={(event) => void submit(event)} className="space-y-3" noValidate>
        <TextField
          label="Passkey name"
          hint="The device it is on, for example: Work laptop."
          maxLength={passkeyNameRules.max}
          value={name}
          error={nameError}
          onChange={(event) => {
            setName(event.target.value);
            setNameError(undefined);
          }}
        />
        <Button type="submit" disabled={add.isPending}>
          Add a passkey
        </Button>
      </form>
      <MessageBanner error={error.message} success={success.message} />
      {recoveryCodes && <RecoveryCodesList codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />}
      {dialog}
    </section>
  );
}

type RowProps = { passkey: PasskeyResource; report: (action: () => Promise<{ message: string }>) => Promise<boolean> };

function PasskeyRow({ passkey, report }: RowProps) {
  const remove = useRemovePasskey();
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
      <div className="min-w-0">
        <p className="font-medium wrap-anywhere text-slate-900">{passkey.name}</p>
        <p className="text-sm text-slate-600">
          Added {day(passkey.created_at)} ·{' '}
          {passkey.last_used_at ? `last used ${day(passkey.last_used_at)}` : 'not used yet'}
        </p>
      </div>
      {confirming ? (
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            disabled={remove.isPending}
            onClick={() => void report(() => remove.mutateAsync(passkey.id))}
          >
            Remove {passkey.name}
          </Button>
          <Button variant="ghost" onClick={() => setConfirming(false)}>
            Keep it
          </Button>
        </div>
      ) : (
        <Button variant="ghost" aria-label={`Remove passkey ${passkey.name}`} onClick={() => setConfirming(true)}>
          Remove
        </Button>
      )}
    </li>
  );
}
