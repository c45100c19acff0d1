import type { Executor } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';

export type Operator = { id: string; clientAddress: string };
type AuditEntry = Omit<typeof auditLog.$inferInsert, 'id' | 'actorKind' | 'operatorId' | 'clientAddress' | 'createdAt'>;

/** Append-only by design: this repository can only add (and a trigger backs it up). */
export function createAuditRepository() {
  return {
    record: async (tx: Executor, operator: Operator, entry: AuditEntry) => {
      await tx.insert(auditLog).values({
        ...entry,
        actorKind: 'operator',
        operatorId: operator.id,
        clientAddress: operator.clientAddress,
      });
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
