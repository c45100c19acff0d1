import { createHash } from 'node:crypto';
import pg from 'pg';

const statementNames = new Map<string, string>();
const maxStatementNames = 2000;

/** The name a parameterised statement is prepared under, the same on every connection; undefined once the cap is reached. */
function statementName(text: string): string | undefined {
  const known = statementNames.get(text);
  if (known || statementNames.size >= maxStatementNames) return known;
  const name = `s_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
  statementNames.set(text, name);
  return name;
}

/**
 * Every parameterised statement goes as a named, server-side prepared statement: PostgreSQL parses
 * and plans it once per connection instead of on every request. Statements are the finite set our
 * code writes, and the cap above bounds them should a query text ever be built from data.
 */
export class PreparingClient extends pg.Client {
  override query(...args: unknown[]): never {
    const run = (...all: unknown[]) => (super.query as (...inner: unknown[]) => never).apply(this, all);
    const [first, second] = args;
    // (text, values, callback?) or (config, values?, callback?) with the values in either place.
    const config = typeof first === 'string' ? { text: first } : (first as { text?: string; name?: string } | null);
    const values = Array.isArray(second) ? second : (config as { values?: unknown[] } | null)?.values;
    if (!config?.text || config.name || !values?.length) return run(...args);
    const name = statementName(config.text);
    if (!name) return run(...args);
    return run({ ...config, name, values }, ...args.slice(Array.isArray(second) ? 2 : 1));
  }
}
