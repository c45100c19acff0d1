import { Button } from '../../../components/ui/button';

/** Recovery codes in the one response that shows them: the user writes them down now or never. */
export function RecoveryCodesList({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div
      className="space-y-3 rounded-xl border border-amber-200 bg-amber-50 p-4"
      aria-labelledby="recovery-codes-title"
    >
      <p id="recovery-codes-title" className="font-semibold text-amber-950">
        Your recovery codes
      </p>
      <p className="text-sm text-amber-950">
        Each one signs you in once if you lose your authenticator app or passkey. Save them somewhere safe now: they are
        not shown again.
      </p>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 font-mono text-sm sm:grid-cols-5">
        {codes.map((code) => (
          <li key={code} className="rounded-md bg-white px-2 py-1 text-center text-slate-900">
            {code}
          </li>
        ))}
      </ul>
      <Button variant="secondary" onClick={onDone}>
        I have saved them
      </Button>
    </div>
  );
}
