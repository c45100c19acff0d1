import { z } from 'zod';

/** A signed-in session of the user, as Security lists it. */
export const signedInSession = z.object({
  id: z.uuid(),
  browser: z.string(),
  system: z.string(),
  /** The network signed in from: a /24 (IPv4) or /48 (IPv6) prefix. */
  place: z.string(),
  first_seen_at: z.string(),
  last_seen_at: z.string(),
  current: z.boolean(),
});
export type SignedInSession = z.infer<typeof signedInSession>;

export const sessionListResponse = z.object({ sessions: z.array(signedInSession) });
export type SessionListResponse = z.infer<typeof sessionListResponse>;

export const sessionParams = z.object({ id: z.uuid('No such session.') });

export const sessionsSignedOutResponse = z.object({ signed_out: z.number().int() });
