import { and, eq, gt, isNull, sql } from 'drizzle-orm';
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
import { newAccessToken, sha256 } from '../../lib/secrets.ts';

export type TokenScope = 'full' | 'two_fa';
export type ActiveToken = { id: string; userId: string; scope: TokenScope };

/** A token waiting for the second step lives only as long as the code it waits for. */
const secondStepLifetimeMs = 15 * 60 * 1000;

export function createTokens(db: Database, clock: Clock, fullLifetimeMs: number) {
  // Every signed-in request starts here: the token and its user in one prepared statement, the
  // user's access columns only unless the route shows the whole user (its 34 columns cost a swap
  // about 30 µs of the API's CPU).
  const activeToken = <Columns extends SelectedFieldsFlat>(name: string, userColumns: Columns) =>
    hotQuery(name, () =>
      db
        .select({
          token: { id: accessTokens.id, userId: accessTokens.userId, scope: accessTokens.scope },
          user: userColumns,
          currency: currencies,
        })
        .from(accessTokens)
        .innerJoin(users, eq(users.id, accessTokens.userId))
        .innerJoin(currencies, eq(currencies.id, users.currencyId))
        .where(
          and(
            eq(accessTokens.tokenHash, sql.placeholder('hash')),
            isNull(accessTokens.revokedAt),
            gt(accessTokens.expiresAt, sql.placeholder('now')),
          ),
        )
        .limit(1),
    );
  const findAccess = activeToken('find_active_token_access', accessUserColumns);
  const findWhole = activeToken('find_active_token', signedInUserColumns);
  /** The live token read by `find`, with its user and the user's currency as one object, or undefined. */
  const active = async <User>(
    find: (params: { hash: Buffer; now: Date }) => Promise<{ token: ActiveToken; user: User; currency: Currency }[]>,
    token: string,
  ) => {
    const [row] = await find({ hash: sha256(token), now: clock.now() });
    return row ? { ...row.token, user: { ...row.user, currency: row.currency } } : undefined;
  };

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
    findActive: (token: string): Promise<(ActiveToken & { user: AccessUser }) | undefined> => active(findAccess, token),
    /** The same with the whole user. */
    findActiveWhole: (token: string): Promise<(ActiveToken & { user: SignedInUser }) | undefined> =>
      active(findWhole, token),
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
