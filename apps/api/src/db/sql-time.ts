import { sql, type SQL } from 'drizzle-orm';

/** A timestamp as the API writes them everywhere: ISO 8601 in UTC, to the millisecond. */
export const isoTime = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
