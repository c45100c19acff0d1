import type { FastifyRequest } from 'fastify';
import { AppError, Unauthenticated } from '../lib/errors.ts';

/** A second step proves the user for risky changes this long after it was done. */
export const stepUpWindowMs = 5 * 60 * 1000;

/** Second steps that whoever took over the mailbox cannot pass (NIST SP 800-63B accepts no email). */
export const strongSecondSteps: ReadonlySet<string> = new Set(['authenticator', 'passkey']);

/** The second step of the caller's session: whether it is recent enough for a risky change, and how strong. */
export type SessionSecondStep = { fresh: boolean; strong: boolean };

export const secondStepOf = (at: Date | null, method: string | null, now: Date): SessionSecondStep => {
  const fresh = at !== null && now.getTime() - at.getTime() <= stepUpWindowMs;
  return { fresh, strong: fresh && method !== null && strongSecondSteps.has(method) };
};

export const stepUpMessages = {
  needed: (action: string) => `Confirm it is you first: your second step is needed to ${action}.`,
} as const;

/**
 * The guard of every risky change: 403 unless this session did the user's second step in the last
 * five minutes. The `step_up` field tells the web app to ask for it and try again.
 */
export function requireStepUp(request: FastifyRequest, action: string): SessionSecondStep {
  if (!request.auth) throw new Unauthenticated();
  const { secondStep } = request.auth;
  if (secondStep.fresh) return secondStep;
  const message = stepUpMessages.needed(action);
  throw new AppError(403, message, { step_up: [message] });
}
