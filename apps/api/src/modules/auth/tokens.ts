import { and, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { SelectedFieldsFlat } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../db/client.ts';
import { accessTokens, currencies, users } from '../../db/schema/index.ts';
import { accessUserColumns, signedInUserColumns, type AccessUser, type SignedInUser } from '../../db/signed-in-user.ts';
import { addressPrefix, type ClientInfo } from '../../lib/client-address.ts';
import type { Clock } from '../../lib/clock.ts';
import { newAccessToken, sha256, sha256Hex } from '../../lib/secrets.ts';

export type TokenScope = 'full' | 'two_fa';
export type ActiveToken = {
  id: string;
  userId: string;
  scope: TokenScope;
  expiresAt: Date;
  secondStepAt: Date | null;
  secondStepMethod: string | null;
};

/** A token waiting for the second step lives only as long as the code it waits for. */
const secondStepLifetimeMs = 15 * 60 * 1000;
/** A session's last seen time moves at most this often, so that reads do not each write. */
const lastSeenStepMs = 60 * 1000;

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
          lastSeenAt: accessTokens.lastSeenAt,
          secondStepAt: accessTokens.secondStepAt,
          secondStepMethod: accessTokens.secondStepMethod,
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
      const now = clock.now();
      const [row] = await query.execute({ hash: Buffer.from(hash, 'hex'), now });
      if (!row) return undefined;
      const { lastSeenAt, ...token } = row.token;
      if (!lastSeenAt || now.getTime() - lastSeenAt.getTime() >= lastSeenStepMs)
        await touch.execute({ id: token.id, now });
      return { ...token, user: Object.assign({}, row.user, { currency: row.currency }) };
    };
  };
  // Conditional, so that two processes reading the same token in the same minute write it once.
  const touch = db
    .update(accessTokens)
    .set({ lastSeenAt: sql`${sql.placeholder('now')}` })
    .where(
      and(
        eq(accessTokens.id, sql.placeholder('id')),
        or(
          isNull(accessTokens.lastSeenAt),
          lt(accessTokens.lastSeenAt, sql`${sql.placeholder('now')}::timestamptz - interval '1 minute'`),
        ),
      ),
    )
    .prepare('touch_token');
  const liveSessionsOf = (userId: string) =>
    and(
      eq(accessTokens.userId, userId),
      eq(accessTokens.scope, 'full'),
      isNull(accessTokens.revokedAt),
      gt(accessTokens.expiresAt, clock.now()),
    );
  const findAccess = lookup('active_token_access', accessUserColumns);
  const findWhole = lookup('active_token', signedInUserColumns);

  return {
    /** Issues a token and returns its plain value: the only time it exists outside the client. */
    async issue(
      userId: string,
      scope: TokenScope,
      tx: Executor = db,
      session: { client?: ClientInfo; secondStep?: string } = {},
    ): Promise<string> {
      const { client, secondStep } = session;
      const token = newAccessToken();
      const now = clock.now();
      const lifetime = scope === 'full' ? fullLifetimeMs : secondStepLifetimeMs;
      await tx.insert(accessTokens).values({
        userId,
        tokenHash: sha256(token),
        scope,
        createdAt: now,
        expiresAt: new Date(now.getTime() + lifetime),
        lastSeenAt: now,
        userAgent: client?.userAgent ?? null,
        addressPrefix: client ? addressPrefix(client.address) : null,
        secondStepAt: secondStep ? now : null,
        secondStepMethod: secondStep ?? null,
      });
      return token;
    },
    /** A live token with what the access checks need of its user (and the user's currency), or undefined. */
    findActive: (token: string): Promise<(ActiveToken & { user: AccessUser }) | undefined> =>
      findAccess(sha256Hex(token)),
    /** The same with the whole user. */
    findActiveWhole: (token: string): Promise<(ActiveToken & { user: SignedInUser & AccessUser }) | undefined> =>
      findWhole(sha256Hex(token)),
    async revoke(tokenId: string, tx: Executor = db) {
      await tx.update(accessTokens).set({ revokedAt: clock.now() }).where(eq(accessTokens.id, tokenId));
    },
    /** The user's signed-in sessions (live full tokens), the most recently seen first. */
    sessionsOf: (userId: string) =>
      db
        .select({
          id: accessTokens.id,
          userAgent: accessTokens.userAgent,
          addressPrefix: accessTokens.addressPrefix,
          createdAt: accessTokens.createdAt,
          lastSeenAt: accessTokens.lastSeenAt,
        })
        .from(accessTokens)
        .where(liveSessionsOf(userId))
        .orderBy(desc(accessTokens.lastSeenAt), desc(accessTokens.createdAt)),
    /** Ends one live session of the user, or all but the one given; returns the ids ended. */
    async revokeSessions(userId: string, which: { id: string } | { allBut: string }): Promise<string[]> {
      const rows = await db
        .update(accessTokens)
        .set({ revokedAt: clock.now() })
        .where(
          and(
            liveSessionsOf(userId),
            'id' in which ? eq(accessTokens.id, which.id) : ne(accessTokens.id, which.allBut),
          ),
        )
        .returning({ id: accessTokens.id });
      return rows.map((row) => row.id);
    },
    /** The session just passed the user's second step again (a step-up). */
    async markSecondStep(tokenId: string, method: string) {
      await db
        .update(accessTokens)
        .set({ secondStepAt: clock.now(), secondStepMethod: method })
        .where(eq(accessTokens.id, tokenId));
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
