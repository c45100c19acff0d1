import { desc, count } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';

export type AuditEntry = {
  operatorId: string;
  action: string;
  objectType: string;
  objectId: string;
  before: unknown;
  after: unknown;
  clientAddress: string;
};

/** Append-only by design: this repository can add and read, nothing else (and a trigger backs it up). */
export function createAuditRepository(db: Database) {
  return {
    record: async (tx: Executor, entry: AuditEntry) => {
      await tx.insert(auditLog).values(entry);
    },
    async page(page: number, perPage: number) {
      const [rows, [{ total } = { total: 0 }]] = await Promise.all([
        db
          .select()
          .from(auditLog)
          .orderBy(desc(auditLog.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
        db.select({ total: count() }).from(auditLog),
      ]);
      return { rows, total };
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
