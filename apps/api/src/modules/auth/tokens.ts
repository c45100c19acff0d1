import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { SelectedFieldsFlat } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../db/client.ts';
import { accessTokens, currencies, users } from '../../db/schema/index.ts';
import { accessUserColumns, signedInUserColumns, type AccessUser, type SignedInUser } from '../../db/signed-in-user.ts';
import type { Clock } from '../../lib/clock.ts';
import { newAccessToken, sha256, sha256Hex } from '../../lib/secrets.ts';

export type TokenScope = 'full' | 'two_fa';
export type ActiveToken = { id: string; userId: string; scope: TokenScope; expiresAt: Date };

/** A token waiting for the second step lives only as long as the code it waits for. */
const secondStepLifetimeMs = 15 * 60 * 1000;

export function createTokens(db: Database, clock: Clock, fullLifetimeMs: number) {
  /**
   * A live token by its hash (hex), with its user (the columns asked for) and the user's currency as
   * one object. Every signed-in request reads it: a prepared statement, built once.
   */
  const lookup = <Columns extends SelectedFieldsFlat>(name: string, userColumns: Columns) => {
    const query = db
      .select({
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
          eq(accessTokens.tokenHash, sql.placeholder('hash')),
          isNull(accessTokens.revokedAt),
          gt(accessTokens.expiresAt, sql.placeholder('now')),
        ),
      )
      .prepare(name);
    return async (hash: string) => {
      const [row] = await query.execute({ hash: Buffer.from(hash, 'hex'), now: clock.now() });
      return row && { ...row.token, user: Object.assign({}, row.user, { currency: row.currency }) };
    };
  };
  const findAccess = lookup('active_token_access', accessUserColumns);
  const findWhole = lookup('active_token', signedInUserColumns);

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
