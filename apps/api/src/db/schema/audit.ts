import { bigserial, index, jsonb, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { users } from './users.ts';

/** Who did what the audit log records: an operator at the console, or a user on their own account. */
export const auditActorKind = pgEnum('audit_actor_kind', ['operator', 'user']);

/**
 * Every operator action, and every security change users make to their own account. Append-only:
 * a trigger refuses updates and deletes. `operator_id` is the actor's id, whichever kind.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorKind: auditActorKind('actor_kind').notNull(),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => users.id),
    action: text('action').notNull(),
    objectType: text('object_type').notNull(),
    objectId: text('object_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    clientAddress: text('client_address').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [index('audit_log_created_at_idx').on(table.createdAt)],
);
