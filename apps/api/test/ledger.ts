import { afterEach, expect } from 'vitest';
import type { Database } from '../src/db/client.ts';

/**
 * The books are whole: every journal sums to zero, every cached balance and hourly roll-up equals
 * the sum of its entries, no wallet is below zero or holds more than it has, and every position
 * holds what its trades add up to.
 */
export async function ledgerProblems(db: Database): Promise<string[]> {
  const problems: string[] = [];
  const unbalanced = await db.$client.query(
    `select journal_id, sum(amount) from journal_entries group by journal_id having sum(amount) <> 0`,
  );
  if (unbalanced.rowCount) problems.push(`${unbalanced.rowCount} journals do not sum to zero`);
  const total = await db.$client.query<{ total: string }>(
    `select coalesce(sum(amount), 0)::text as total from journal_entries`,
  );
  if (Number(total.rows[0]?.total) !== 0) problems.push(`all entries sum to ${total.rows[0]?.total}`);
  const drift = await db.$client.query(`
    select a.id from ledger_accounts a left join journal_entries e on e.account_id = a.id
    group by a.id having a.balance <> coalesce(sum(e.amount), 0)`);
  if (drift.rowCount) problems.push(`${drift.rowCount} cached balances differ from their entries`);
  const hours = await db.$client.query(`
    select coalesce(h.account_id, e.account_id) from ledger_hourly h
    full join (
      select account_id, date_trunc('hour', created_at, 'UTC') as hour, sum(amount) as delta
      from journal_entries group by 1, 2) e on e.account_id = h.account_id and e.hour = h.hour
    where coalesce(h.delta, 0) <> coalesce(e.delta, 0)`);
  if (hours.rowCount) problems.push(`${hours.rowCount} hourly roll-ups differ from their entries`);
  const negative = await db.$client.query(
    `select id from ledger_accounts where user_id is not null and (balance < 0 or held < 0 or held > balance)`,
  );
  if (negative.rowCount) problems.push(`${negative.rowCount} wallets are negative or over-held`);
  const holds = await db.$client.query(`
    select a.id from ledger_accounts a
    where a.user_id is not null and a.kind = 'cash' and a.held <> coalesce((
      select sum(t.amount) from transactions t where t.user_id = a.user_id and t.type = 'debit' and t.status = 'pending'), 0)`);
  if (holds.rowCount) problems.push(`${holds.rowCount} cash wallets hold other than their pending withdrawals`);
  // An open buy order holds its reserve in the brokerage wallet; an open sell holds its quantity of its position.
  const orderHolds = await db.$client.query(`
    select a.id from ledger_accounts a
    where a.user_id is not null and a.kind = 'brokerage' and a.held <> coalesce((
      select sum(o.reserved) from orders o where o.user_id = a.user_id and o.side = 'buy' and o.status = 'open'), 0)`);
  if (orderHolds.rowCount)
    problems.push(`${orderHolds.rowCount} brokerage wallets hold other than their open buy orders`);
  const reserved = await db.$client.query(`
    select p.id from positions p
    where p.reserved_quantity <> coalesce((
      select sum(o.quantity) from orders o where o.position_id = p.id and o.side = 'sell' and o.type <> 'exit' and o.status = 'open'), 0)`);
  if (reserved.rowCount) problems.push(`${reserved.rowCount} positions reserve other than their open sell orders`);
  const ended = await db.$client.query(`
    select id from orders where (status = 'open') <> (ended_at is null) or (status = 'open') <> (end_reason is null)`);
  if (ended.rowCount) problems.push(`${ended.rowCount} orders are half ended`);
  // The savings figures read the interest job's rows (savings.queries.ts): they must say what the ledger says.
  const interest = await db.$client.query(`
    select s.id from user_savings s join ledger_accounts a on a.savings_id = s.id
    where coalesce((select trunc(i.accrued, 2) from savings_interest i where i.user_savings_id = s.id order by i.day desc limit 1), 0)
        <> coalesce((select sum(e.amount) from journal_entries e join journal_transactions j on j.id = e.journal_id
             where e.account_id = a.id and j.description = 'savings interest'), 0)
       or coalesce((select sum(i.paid) from savings_interest i where i.user_savings_id = s.id), 0)
        <> coalesce((select sum(e.amount) from journal_entries e join journal_transactions j on j.id = e.journal_id
             where e.account_id = a.id and j.description = 'savings interest'), 0)`);
  if (interest.rowCount)
    problems.push(`${interest.rowCount} savings accounts' interest rows differ from their journals`);
  // The net-worth chart takes a position's past quantities from its quantity now less its later
  // trades and splits (trades keep what was traded then; position_splits says what each split changed).
  const quantities = await db.$client.query(`
    select p.id from positions p left join trades t on t.position_id = p.id
    group by p.id having p.quantity <> coalesce(sum(case when t.side = 'buy' then t.quantity else -t.quantity end), 0)
      + coalesce((select sum(s.quantity_after - s.quantity_before) from position_splits s where s.position_id = p.id), 0)`);
  if (quantities.rowCount) problems.push(`${quantities.rowCount} positions hold other than their trades add up to`);
  return problems;
}

/** After each test of the file, the books must be whole. */
export function checkBooksAfterEach(db: () => Database): void {
  afterEach(async () => {
    expect(await ledgerProblems(db())).toEqual([]);
  });
}
