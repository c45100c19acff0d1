import type { Executor } from '../../db/client.ts';
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

/** Append-only by design: this repository can only add (and a trigger backs it up). */
export function createAuditRepository() {
  return {
    record: async (tx: Executor, entry: AuditEntry) => {
      await tx.insert(auditLog).values(entry);
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
