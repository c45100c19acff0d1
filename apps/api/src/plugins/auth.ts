import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, Forbidden, Unauthenticated } from '../lib/errors.ts';
import type { AccessUser, SignedInUser } from '../db/signed-in-user.ts';
import type { ClientInfo } from '../lib/client-address.ts';
import type { Clock } from '../lib/clock.ts';
import { secondStepOf, type SessionSecondStep } from './step-up.ts';

/**
 * Who may call a route. Every API route declares one in `config.access`, and the access check reads
 * it from the route the router matched, never from the text of the URL:
 * - public: anyone;
 * - optional: anyone; a valid full token is read (to mark the caller's own things) but never required;
 * - second-step: only a token waiting for the two-factor code;
 * - any-token: any live token (logout);
 * - unverified: a full token, email not yet verified is fine;
 * - verified: a full token of a user whose email is verified;
 * - operator: a full token of an operator.
 */
export type Access = 'public' | 'optional' | 'second-step' | 'any-token' | 'unverified' | 'verified' | 'operator';

/** The caller: the token and what the access checks need of its user (the whole user on a route that asks). */
export type AuthContext = {
  tokenId: string;
  userId: string;
  scope: 'full' | 'two_fa';
  user: AccessUser;
  wholeUser?: SignedInUser;
  secondStep: SessionSecondStep;
};

// Module augmentation needs interfaces.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** The route shows the signed-in user: the token read brings every column (see wholeUserOf). */
    wholeUser?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

/** A live token as the access check reads it: its id and scope, with its user. */
export type LiveToken<User> = {
  id: string;
  scope: 'full' | 'two_fa';
  secondStepAt: Date | null;
  secondStepMethod: string | null;
  user: User;
};

/** What the access check needs of the tokens; app.ts passes the auth module's tokens in. */
export type TokenLookup = {
  findActive: (token: string) => Promise<LiveToken<AccessUser> | undefined>;
  findActiveWhole: (token: string) => Promise<LiveToken<SignedInUser & AccessUser> | undefined>;
};

export const authMessages = {
  secondStepPending: 'Enter the sign-in code we emailed you first.',
  secondStepPendingApp: 'Enter the code from your authenticator app first.',
  secondStepDone: 'Two-factor sign-in is already complete.',
  emailUnverified: 'Verify your email address first.',
  operatorsOnly: 'This is for Itrust operators only.',
  operatorNeedsStrongMethod: 'Operators must use an authenticator app or a passkey: set one up in Settings → Security.',
} as const;

/** A second step that a stolen mailbox cannot give: NIST SP 800-63B does not accept email codes. */
export const hasStrongSecondStep = (user: AccessUser) => user.authenticatorAt !== null || user.hasPasskey;

/** Reads the bearer token on every request and enforces the route's access level before the body is read. */
export function registerAuth(app: FastifyInstance, deps: { tokens: TokenLookup; clock: Clock }): void {
  app.decorateRequest('auth', null);
  app.addHook('onRoute', (route) => {
    if (route.config?.access || !isApiRoute(route.url)) return;
    throw new Error(`${String(route.method)} ${route.url} declares no access level (config.access)`);
  });
  app.addHook('onRequest', async (request) => {
    const access = accessOf(request);
    if (access === 'public') return;
    const token = /^Bearer ([A-Za-z0-9_-]{20,200})$/.exec(request.headers.authorization ?? '')?.[1];
    if (access === 'optional' && !token) return;
    admit(request, access, await callerOf(token, request.routeOptions.config.wholeUser === true));
  });

  const callerFrom = ({ id, scope, user, secondStepAt, secondStepMethod }: LiveToken<AccessUser>) => ({
    tokenId: id,
    userId: user.id,
    scope,
    user,
    secondStep: secondStepOf(secondStepAt, secondStepMethod, deps.clock.now()),
  });

  /** The live token's caller, with the whole user when the route asks for it; undefined for any other token. */
  async function callerOf(token: string | undefined, whole: boolean): Promise<AuthContext | undefined> {
    if (token === undefined) return undefined;
    if (whole) {
      const active = await deps.tokens.findActiveWhole(token);
      return active && { ...callerFrom(active), wholeUser: active.user };
    }
    const active = await deps.tokens.findActive(token);
    return active && callerFrom(active);
  }

  /** Lets the caller through the route's access level, or throws the refusal. */
  function admit(request: FastifyRequest, access: Access, caller: AuthContext | undefined) {
    if (access === 'optional') {
      if (caller?.scope === 'full') request.auth = caller;
      return;
    }
    if (!caller) throw new Unauthenticated();
    request.auth = caller;
    const { user } = caller;

    if (access === 'any-token') return;
    if (caller.scope === 'two_fa') {
      if (access !== 'second-step')
        throw new Forbidden(user.authenticatorAt ? authMessages.secondStepPendingApp : authMessages.secondStepPending);
      return;
    }
    if (access === 'second-step') throw new AppError(409, authMessages.secondStepDone);
    if (access === 'verified' && !user.emailVerifiedAt) throw new Forbidden(authMessages.emailUnverified);
    if (access !== 'operator') return;
    if (user.role !== 'operator') throw new Forbidden(authMessages.operatorsOnly);
    if (!hasStrongSecondStep(user)) throw new Forbidden(authMessages.operatorNeedsStrongMethod);
  }
}

/** The matched route's access level. Only the built web app's files and the not-found response declare none. */
function accessOf(request: FastifyRequest): Access {
  return request.routeOptions.config.access ?? 'public';
}

/** The API's own routes, which must each declare an access level; the web app's files need none. */
export function isApiRoute(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/dev/');
}

/** The signed-in caller; routes behind an access level other than public always have one. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new Unauthenticated();
  return request.auth;
}

/** The caller's id once their identity check is approved; `refusal` says what the check opens. */
export function approvedUserOf(request: FastifyRequest, refusal: string): string {
  const { userId, user } = authOf(request);
  if (user.kyc !== 'approved') throw new Forbidden(refusal);
  return userId;
}

export function wholeUserOf(request: FastifyRequest): SignedInUser {
  const { wholeUser } = authOf(request);
  if (!wholeUser)
    throw new Error(`${request.routeOptions.url ?? request.url} reads the whole user without config.wholeUser`);
  return wholeUser;
}

/** The caller's address, browser and device id (header X-Device-Id, stored by the web app), for sign-in alerts. */
/** The signed-in user who made a change, and from where: what the audit log records of them. */
export const actorOf = (request: FastifyRequest) => ({ userId: authOf(request).userId, clientAddress: request.ip });

export function clientInfo(request: FastifyRequest): ClientInfo {
  const deviceId = request.headers['x-device-id'];
  return {
    address: request.ip,
    userAgent: (request.headers['user-agent'] ?? '').slice(0, 300),
    deviceId: typeof deviceId === 'string' && /^[\w-]{8,64}$/.test(deviceId) ? deviceId : undefined,
  };
}
