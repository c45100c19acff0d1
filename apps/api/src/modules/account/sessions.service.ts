import Bowser from 'bowser';
import { Conflict, NotFound } from '../../lib/errors.ts';
import type { Tokens } from '../auth/tokens.ts';
import type { SecurityEvents } from './security-events.service.ts';

export const sessionListMessages = {
  noSuchSession: 'This session is not signed in any more.',
  currentSession: 'This is the session you are using: sign out instead.',
  signedOut: 'The session is signed out.',
  othersSignedOut: 'Every other session is signed out.',
} as const;

/** The signed-in caller, with the address the audit log keeps. */
export type SessionCaller = { tokenId: string; userId: string; clientAddress: string };

const named = (name: string | undefined, version: string | undefined) =>
  name ? [name, version?.split('.')[0]].filter(Boolean).join(' ') : 'Unknown';

/** Browser and system as people name them (Chrome 131, macOS), from the user agent kept at sign-in. */
function describe(userAgent: string | null) {
  if (!userAgent) return { browser: 'Unknown', system: 'Unknown' };
  const parsed = Bowser.parse(userAgent);
  return { browser: named(parsed.browser.name, parsed.browser.version), system: named(parsed.os.name, undefined) };
}

export function createSessionList(deps: { tokens: Tokens; events: SecurityEvents }) {
  const { tokens, events } = deps;
  const record = (caller: SessionCaller, ids: string[]) => events.record(caller, { action: 'session.revoked', ids });

  return {
    async list(caller: SessionCaller) {
      const rows = await tokens.sessionsOf(caller.userId);
      return rows.map((row) => ({
        id: row.id,
        ...describe(row.userAgent),
        place: row.addressPrefix ?? 'Unknown',
        first_seen_at: row.createdAt.toISOString(),
        last_seen_at: (row.lastSeenAt ?? row.createdAt).toISOString(),
        current: row.id === caller.tokenId,
      }));
    },

    /** Ends one other session at once: the next request made with its token is refused. */
    async revoke(caller: SessionCaller, sessionId: string) {
      if (sessionId === caller.tokenId) throw new Conflict(sessionListMessages.currentSession);
      const ended = await tokens.revokeSessions(caller.userId, { id: sessionId });
      if (ended.length === 0) throw new NotFound(sessionListMessages.noSuchSession);
      await record(caller, ended);
    },

    /** Ends every session but the caller's own. */
    async revokeOthers(caller: SessionCaller) {
      const ended = await tokens.revokeSessions(caller.userId, { allBut: caller.tokenId });
      await record(caller, ended);
      return ended.length;
    },
  };
}

export type SessionList = ReturnType<typeof createSessionList>;
