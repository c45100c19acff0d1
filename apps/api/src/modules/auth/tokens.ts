import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { SelectedFieldsFlat } from 'drizzle-orm/pg-core';
import { hotQuery, type Database, type Executor } from '../../db/client.ts';
import { accessTokens, currencies, users } from '../../db/schema/index.ts';
import {
  accessUserColumns,
  signedInUserColumns,
  type AccessUser,
  type Currency,
  type SignedInUser,
} from '../users/users.repository.ts';
import type { Clock } from '../../lib/clock.ts';
import { newAccessToken, sha256, sha256Hex } from '../../lib/secrets.ts';
import { batchedLookup } from './batched-lookup.ts';
import type { ChangeFeed } from '../../db/change-feed.ts';
import { createKeptByUser } from '../../db/kept-by-user.ts';

/** A kept token is shared by the requests that carry it: nothing may change it. */
function frozen<User>(active: Active<User>): Active<User> {
  Object.freeze((active.user as { currency?: object }).currency);
  Object.freeze(active.user);
  return Object.freeze(active);
}

export type TokenScope = 'full' | 'two_fa';
export type ActiveToken = { id: string; userId: string; scope: TokenScope; expiresAt: Date };
type Active<User> = ActiveToken & { user: User };

/** How many tokens one read looks up at most. */
const batchSlots = Array.from({ length: 32 }, (_, slot) => slot);

/** A token waiting for the second step lives only as long as the code it waits for. */
const secondStepLifetimeMs = 15 * 60 * 1000;

export function createTokens(db: Database, clock: Clock, fullLifetimeMs: number, feed?: ChangeFeed) {
  // Every signed-in request starts here: the token and its user in one prepared statement, the
  // user's access columns only unless the route shows the whole user (its 34 columns cost a swap
  // about 30 µs of the API's CPU). The tokens of requests that arrive while one such read is on its
  // way leave together as the next (batchedLookup). Measured against one read per token (2,000
  // investors, 32 connections, five pairs of 5 s runs alternating on one database): `GET /api/user`
  // 4,732-6,052 -> 5,952-8,321 req/s (+17% to +37% a pair) with PostgreSQL's CPU per request
  // 74-90 -> 37-46 µs; the user include and the swap, whose other work is most of their cost,
  // moved within the noise (+1% at the median pair).
  const activeTokens = <Columns extends SelectedFieldsFlat>(name: string, userColumns: Columns) =>
    hotQuery(name, () =>
      db
        .select({
          hash: accessTokens.tokenHash,
          token: {
            id: accessTokens.id,
            userId: accessTokens.userId,
            scope: accessTokens.scope,
            expiresAt: accessTokens.expiresAt,
          },
          user: userColumns,
          currency: currencies,
        })
        .from(accessTokens)
        .innerJoin(users, eq(users.id, accessTokens.userId))
        .innerJoin(currencies, eq(currencies.id, users.currencyId))
        .where(
          and(
            inArray(
              accessTokens.tokenHash,
              batchSlots.map((slot) => sql.placeholder(`hash${slot}`)),
            ),
            isNull(accessTokens.revokedAt),
            gt(accessTokens.expiresAt, sql.placeholder('now')),
          ),
        ),
    );
  /** The live tokens among the hashes (hex) asked for, each with its user and the user's currency as one object. */
  const lookup = <User>(
    find: (
      params: Record<string, unknown>,
    ) => Promise<{ hash: Buffer; token: ActiveToken; user: User; currency: Currency }[]>,
  ) =>
    batchedLookup(async (hashes) => {
      const params: Record<string, unknown> = { now: clock.now() };
      // Every slot is filled, the spare ones with the first hash again: the statement's plan then
      // costs the same for any batch, so PostgreSQL keeps one generic plan instead of planning for the
      // values of each (an array parameter, `= any($1)`, was planned again on every execution).
      for (const slot of batchSlots) params[`hash${slot}`] = Buffer.from(hashes[slot] ?? hashes[0] ?? '', 'hex');
      const rows = await find(params);
      return new Map(
        rows.map((row): [string, Active<User & { currency: Currency }>] => [
          row.hash.toString('hex'),
          { ...row.token, user: { ...row.user, currency: row.currency } },
        ]),
      );
    }, batchSlots.length);
  /**
   * A live token's read kept in this process until its user's data changes (a revoked token, an
   * edited user: db/change-feed.ts) or it expires. Measured with and without: bench/HISTORY.md.
   * `now` answers at once, without a promise, when the token is kept and may be served: most
   * signed-in requests.
   */
  function kept<User>(find: (hash: string) => Promise<Active<User> | undefined>) {
    if (!feed) return { find, now: () => undefined };
    const live = (active: Active<User> | undefined) => (active && active.expiresAt > clock.now() ? active : undefined);
    const cache = createKeptByUser<Active<User>>(feed, { scope: 'account', maxAgeMs: 60_000, maxEntries: 100_000 });
    return {
      find: async (hash: string) =>
        live(
          await cache.answer(hash, async () => {
            const found = await find(hash);
            return found && { userId: found.userId, value: frozen(found) };
          }),
        ),
      now: (hash: string) => live(cache.keptNow(hash)),
    };
  }
  const findAccess = kept(lookup(activeTokens('find_active_tokens_access', accessUserColumns)));
  const findWhole = kept(lookup(activeTokens('find_active_tokens', signedInUserColumns)));

  return {
    /** Issues a token and returns its plain value: the only time it exists outside the client. */
    async issue(userId: string, scope: TokenScope, tx: Executor = db): Promise<string> {
      const token = newAccessToken();
      const now = clock.now();
      const lifetime = scope === 'full' ? fullLifetimeMs : secondStepLifetimeMs;
      await tx.insert(accessTokens).values({
        userId,
        tokenHash: sha256(token),
        scope,
        createdAt: now,
        expiresAt: new Date(now.getTime() + lifetime),
      });
      return token;
    },
    /** A live token with what the access checks need of its user (and the user's currency), or undefined. */
    findActive: (token: string): Promise<(ActiveToken & { user: AccessUser }) | undefined> =>
      findAccess.find(sha256Hex(token)),
    /** The same with the whole user. */
    findActiveWhole: (token: string): Promise<(ActiveToken & { user: SignedInUser }) | undefined> =>
      findWhole.find(sha256Hex(token)),
    /** findActive's answer when this process keeps the token and may serve it at once; else undefined: ask findActive. */
    keptActive: (token: string): (ActiveToken & { user: AccessUser }) | undefined => findAccess.now(sha256Hex(token)),
    /** The same with the whole user. */
    keptActiveWhole: (token: string): (ActiveToken & { user: SignedInUser }) | undefined =>
      findWhole.now(sha256Hex(token)),
    async revoke(tokenId: string, tx: Executor = db) {
      await tx.update(accessTokens).set({ revokedAt: clock.now() }).where(eq(accessTokens.id, tokenId));
    },
    async revokeAllOf(userId: string, tx: Executor = db) {
      await tx
        .update(accessTokens)
        .set({ revokedAt: clock.now() })
        .where(and(eq(accessTokens.userId, userId), isNull(accessTokens.revokedAt)));
    },
  };
}

export type Tokens = ReturnType<typeof createTokens>;
