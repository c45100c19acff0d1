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

export type TokenScope = 'full' | 'two_fa';
export type ActiveToken = { id: string; userId: string; scope: TokenScope; expiresAt: Date };
type Active<User> = ActiveToken & { user: User };

/** How many tokens one read looks up at most. */
const batchSlots = Array.from({ length: 32 }, (_, slot) => slot);

/** A token waiting for the second step lives only as long as the code it waits for. */
const secondStepLifetimeMs = 15 * 60 * 1000;

export function createTokens(db: Database, clock: Clock, fullLifetimeMs: number) {
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
  const findAccess = lookup(activeTokens('find_active_tokens_access', accessUserColumns));
  const findWhole = lookup(activeTokens('find_active_tokens', signedInUserColumns));

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
      findAccess(sha256Hex(token)),
    /** The same with the whole user. */
    findActiveWhole: (token: string): Promise<(ActiveToken & { user: SignedInUser }) | undefined> =>
      findWhole(sha256Hex(token)),
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
