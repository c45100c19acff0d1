import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { kycDocuments, users } from '../../db/schema/index.ts';

export type KycDocument = typeof kycDocuments.$inferSelect;

export function createKycRepository(db: Executor) {
  return {
    documentsOf: (userId: string) =>
      db.select().from(kycDocuments).where(eq(kycDocuments.userId, userId)).orderBy(asc(kycDocuments.side)),
    /** A document by id; with an `ownerId`, only that user's (another user's id finds nothing); null for anyone's. */
    document: async (documentId: string, ownerId: string | null) => {
      const owned = ownerId !== null ? eq(kycDocuments.userId, ownerId) : undefined;
      const [document] = await db
        .select()
        .from(kycDocuments)
        .where(and(eq(kycDocuments.id, documentId), owned))
        .limit(1);
      return document;
    },
    insertDocuments: (documents: (typeof kycDocuments.$inferInsert)[], tx: Executor) =>
      tx.insert(kycDocuments).values(documents),
    deleteDocumentsOf: (userId: string, tx: Executor) =>
      tx.delete(kycDocuments).where(eq(kycDocuments.userId, userId)).returning(),
    /** Moves the status only from the given states; the result says whether it moved. */
    async moveStatus(
      userId: string,
      from: ('pending' | 'declined' | 'submitted')[],
      to: Partial<typeof users.$inferInsert>,
      tx: Executor,
    ): Promise<boolean> {
      const moved = await tx
        .update(users)
        .set(to)
        .where(and(eq(users.id, userId), inArray(users.kyc, from)))
        .returning({ id: users.id });
      return moved.length > 0;
    },
  };
}

export type KycRepository = ReturnType<typeof createKycRepository>;
