import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { accessTokens } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { newAccessToken, sha256 } from '../../lib/secrets.ts';

export type TokenScope = 'full' | 'two_fa';

/** A token waiting for the second step lives only as long as the code it waits for. */
const secondStepLifetimeMs = 15 * 60 * 1000;

export function createTokens(db: Database, clock: Clock, fullLifetimeMs: number) {
  const findActive = db
    .select({ id: accessTokens.id, userId: accessTokens.userId, scope: accessTokens.scope })
    .from(accessTokens)
    .where(
      and(
        eq(accessTokens.tokenHash, sql.placeholder('hash')),
        isNull(accessTokens.revokedAt),
        gt(accessTokens.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('find_active_token');

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
    async findActive(token: string) {
      const [row] = await findActive.execute({ hash: sha256(token), now: clock.now() });
      return row;
    },
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
