import { index, integer, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { userIdColumn } from './users.ts';

export const documentSide = pgEnum('document_side', ['front', 'back']);

/** Identity document images, re-encoded and stored under DATA_DIR/uploads with generated names. */
export const kycDocuments = pgTable(
  'kyc_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userIdColumn('cascade'),
    side: documentSide('side').notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    originalName: text('original_name').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [index('kyc_documents_user_id_idx').on(table.userId)],
);
