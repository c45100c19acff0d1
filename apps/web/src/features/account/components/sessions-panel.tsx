import type { SignedInSession } from '@itrust/contracts';
import { Button } from '../../../components/ui/button';
import { MessageBanner } from '../../../components/ui/message-banner';
import { useSessions, useSignOutOtherSessions, useSignOutSession } from '../api/sessions';
import { useSaveFeedback } from './use-save-feedback';

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const at = (iso: string) => when.format(new Date(iso));

/** Every signed-in session of the investor: this one marked, the others each with a way to sign it out. */
export function SessionsPanel() {
  const sessions = useSessions();
  const signOut = useSignOutSession();
  const signOutOthers = useSignOutOtherSessions();
  const feedback = useSaveFeedback();
  const others = sessions.data?.filter((session) => !session.current) ?? [];
  const busy = signOut.isPending || signOutOthers.isPending;

  return (
    <section aria-labelledby="sessions-title" className="mt-8 border-t border-slate-100 pt-6">
      <h3 id="sessions-title" className="font-medium text-slate-900">
        Signed-in devices
      </h3>
      <p className="text-sm text-slate-600">
        Where your account is signed in now. Sign out any you do not recognise, then change your password.
      </p>
      <div className="mt-3 space-y-3">
        <MessageBanner error={feedback.error} success={feedback.success} />
        {sessions.isPending && <p className="text-sm text-slate-600">Loading your sessions…</p>}
        {sessions.isError && (
          <div className="flex flex-wrap items-center gap-3">
            <MessageBanner error={`Your sessions could not be loaded: ${sessions.error.message}`} />
            <Button variant="secondary" onClick={() => void sessions.refetch()}>
              Try again
            </Button>
          </div>
        )}
        {sessions.data && (
          <ul className="space-y-3" aria-label="Signed-in devices">
            {sessions.data.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                disabled={busy}
                onSignOut={() => void feedback.run(() => signOut.mutateAsync(session.id))}
              />
            ))}
          </ul>
        )}
        {sessions.data && others.length === 0 && (
          <p className="text-sm text-slate-600">No other device is signed in.</p>
        )}
        {others.length > 0 && (
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => void feedback.run(() => signOutOthers.mutateAsync())}
          >
            Sign out all other sessions
          </Button>
        )}
      </div>
    </section>
  );
}

function SessionRow(props: { session: SignedInSession; disabled: boolean; onSignOut: () => void }) {
  const { session } = props;
  const name = `${session.browser} on ${session.system}`;
  return (
    <li
      data-testid="session"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 p-4"
    >
      <div className="min-w-0">
        <p className="font-medium break-words text-slate-900">
          {name}
          {session.current && (
            <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-emerald-800">
              This device
            </span>
          )}
        </p>
        <p className="text-sm break-words text-slate-600">Network {session.place}</p>
        <p className="text-sm text-slate-600">
          First seen {at(session.first_seen_at)} · Last seen {at(session.last_seen_at)}
        </p>
      </div>
      {!session.current && (
        <Button variant="secondary" disabled={props.disabled} onClick={props.onSignOut} aria-label={`Sign out ${name}`}>
          Sign out
        </Button>
      )}
    </li>
  );
}
