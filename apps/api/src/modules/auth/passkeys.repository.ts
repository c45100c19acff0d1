import { and, asc, count, eq, isNull, lt } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { passkeyChallenges, passkeys } from '../../db/schema/index.ts';

export type Passkey = typeof passkeys.$inferSelect;
export type NewPasskey = typeof passkeys.$inferInsert;
export type PasskeyCeremony = (typeof passkeyChallenges.$inferSelect)['ceremony'];

export function createPasskeysRepository(db: Database) {
  return {
    listOf: (userId: string, tx: Executor = db) =>
      tx.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt)),

    async countOf(userId: string, tx: Executor = db): Promise<number> {
      const [row] = await tx.select({ total: count() }).from(passkeys).where(eq(passkeys.userId, userId));
      return row?.total ?? 0;
    },

    async findByCredentialId(credentialId: string): Promise<Passkey | undefined> {
      const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
      return row;
    },

    /** Inserts the passkey; undefined when its credential is registered already. */
    async insert(values: NewPasskey, tx: Executor = db): Promise<Passkey | undefined> {
      const [row] = await tx.insert(passkeys).values(values).onConflictDoNothing().returning();
      return row;
    },

    async noteUse(id: string, counter: number, at: Date, tx: Executor = db): Promise<void> {
      await tx.update(passkeys).set({ counter, lastUsedAt: at }).where(eq(passkeys.id, id));
    },

    /** Removes the user's passkey; false when the user has none by that id. */
    async remove(userId: string, id: string): Promise<boolean> {
      const removed = await db
        .delete(passkeys)
        .where(and(eq(passkeys.userId, userId), eq(passkeys.id, id)))
        .returning({ id: passkeys.id });
      return removed.length > 0;
    },

    /** Stores a challenge, and drops the ones that have expired. */
    async saveChallenge(values: typeof passkeyChallenges.$inferInsert): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, values.createdAt));
        await tx.insert(passkeyChallenges).values(values);
      });
    },

    /** Takes the challenge out, so that a second use finds nothing: its expiry, or undefined. */
    async takeChallenge(
      challenge: string,
      ceremony: PasskeyCeremony,
      userId: string | null,
    ): Promise<Date | undefined> {
      const [row] = await db
        .delete(passkeyChallenges)
        .where(
          and(
            eq(passkeyChallenges.challenge, challenge),
            eq(passkeyChallenges.ceremony, ceremony),
            userId === null ? isNull(passkeyChallenges.userId) : eq(passkeyChallenges.userId, userId),
          ),
        )
        .returning({ expiresAt: passkeyChallenges.expiresAt });
      return row?.expiresAt;
    },
  };
}

export type PasskeysRepository = ReturnType<typeof createPasskeysRepository>;
