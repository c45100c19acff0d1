import type { Database } from '../src/db/client.ts';

/** A table to fingerprint, whole rows by default or the row expression given (over alias `t`). */
export type Fingerprinted = string | { table: string; row: string };

/** What an investor owns through the API, besides their user row. */
export const investorTables: Fingerprinted[] = [
  'transactions',
  'positions',
  'trades',
  'watchlist_entries',
  'payment_methods',
  'ledger_accounts',
  'journal_entries',
  'user_savings',
  'savings_history',
  'kyc_documents',
  'passkeys',
  'authenticators',
  'recovery_codes',
];

/** One hash of the given tables' rows: equal before and after means nothing in them changed. */
export async function fingerprint(db: Database, tables: Fingerprinted[]): Promise<string> {
  const parts = tables.map((entry) => {
    const { table, row } = typeof entry === 'string' ? { table: entry, row: 't' } : entry;
    return `(select md5(coalesce(string_agg((${row})::text, '|' order by (${row})::text), '')) from ${table} t)`;
  });
  const { rows } = await db.$client.query<{ h: string }>(`select md5(concat_ws('/', ${parts.join(', ')})) as h`);
  return rows[0]?.h ?? '';
}
