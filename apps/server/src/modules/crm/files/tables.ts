import { bigint, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { recordRef, userRef } from '../records/tables.ts';
import { createdAt } from '../../../db/columns.ts';
import { companyColumn } from '../../accounts/public.ts';

/** Files kept on a record; the bytes live in the platform's storage under storage_key. */
export const crmFiles = pgTable(
  'crm_files',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    recordId: recordRef(),
    uploadedBy: userRef('uploaded_by'),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('crm_files_record_idx').on(t.recordId, t.createdAt.desc())],
);
