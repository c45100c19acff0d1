import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import { databaseErrorOf, type Executor } from '../../db/client.ts';
import { accountLockOrder } from './locks.ts';
import { toMoney } from '../../lib/money.ts';

export type WalletKind = 'cash' | 'auto' | 'brokerage';
export type SystemKind = 'deposits_clearing' | 'withdrawals_clearing' | 'market' | 'interest' | 'dividends';
/** A system account: its kind, currency and shard (0 unless the kind is split into several accounts). */
export type SystemAccountKey = { kind: SystemKind; currency: string; shard?: number };

/**
 * The accounts the market and dividends kinds are split into, per currency: every trade and every dividend
 * payment moves one of them, and waits for another only when both fall on the same one.
 */
export const systemShards = 16;

/** The shard a user's trades and dividends go to: spread evenly, as user ids are random. */
export const systemShardOf = (userId: string) => Number.parseInt(userId.slice(0, 8), 16) % systemShards;
export const walletKinds: WalletKind[] = ['cash', 'auto', 'brokerage'];

/** A user's wallet or a system account, named by what it is: created on first use. */
export type AccountKey = { userId: string; kind: WalletKind; currency: string } | SystemAccountKey;
export type Entry = { amount: Decimal } & ({ accountId: number } | { account: AccountKey });

export type Account = { id: number; kind: string; currency: string; balance: string; held: string };

export class InsufficientFunds extends Error {}

/** The SQL of the ledger: accounts, journals, holds. No rules beyond what keeps the books whole. */
export const ledgerRepository = {
  /** A user's three wallets in the user's settlement currency; created on first use. */
  async walletsOf(tx: Executor, userId: string, currency: string): Promise<Record<WalletKind, Account>> {
    const existing = await ledgerRepository.existingWalletsOf(tx, userId);
    if (existing) return existing;
    await tx.execute(sql`
      insert into ledger_accounts (user_id, kind, currency)
      select ${userId}, kind, ${currency} from unnest(array['cash', 'auto', 'brokerage']::account_kind[]) as kind
      on conflict (user_id, kind) where user_id is not null and savings_id is null do nothing`);
    const created = await ledgerRepository.existingWalletsOf(tx, userId);
    if (!created) throw new Error(`the wallets of ${userId} could not be created`);
    return created;
  },

  /** The three wallets when they all exist (one statement, no writes); undefined before first use. */
  async existingWalletsOf(tx: Executor, userId: string): Promise<Record<WalletKind, Account> | undefined> {
    const { rows } = await tx.execute<Account>(sql`
      select ${accountColumns} from ledger_accounts where user_id = ${userId} and savings_id is null`);
    if (rows.length < walletKinds.length) return undefined;
    return byKind(rows);
  },

  /** The three wallets when they all exist (else undefined) and the sum of the savings accounts, in one read. */
  async accountsOf(tx: Executor, userId: string): Promise<{ wallets?: Record<WalletKind, Account>; saved: string }> {
    const { rows } = await tx.execute<Account & { saved: boolean }>(sql`
      select ${accountColumns}, savings_id is not null as saved from ledger_accounts where user_id = ${userId}`);
    const wallets = rows.filter((row) => !row.saved);
    const saved = rows.reduce((sum, row) => (row.saved ? sum.plus(row.balance) : sum), new Decimal(0));
    return { ...(wallets.length < walletKinds.length ? {} : { wallets: byKind(wallets) }), saved: saved.toFixed(2) };
  },

  async systemAccount(tx: Executor, kind: SystemKind, currency: string, shard = 0): Promise<Account> {
    const find = () =>
      tx.execute<Account>(sql`
        select ${accountColumns} from ledger_accounts
        where user_id is null and kind = ${kind}::account_kind and currency = ${currency} and shard = ${shard}`);
    const found = (await find()).rows[0];
    if (found) return found;
    await tx.execute(sql`
      insert into ledger_accounts (kind, currency, shard) values (${kind}::account_kind, ${currency}, ${shard})
      on conflict (kind, currency, shard) where user_id is null do nothing`);
    const account = (await find()).rows[0];
    if (!account) throw new Error(`system account ${kind} ${currency} ${shard} is missing`);
    return account;
  },

  /**
   * Posts one journal whose entries sum to zero and moves the cached balances in the same
   * statement: find the accounts named by key, lock them in the lock order (locks.ts), add each
   * account's net, write the journal and its entries. A debit that would take a wallet below what
   * it holds for withdrawals fails with InsufficientFunds: PostgreSQL's own check on the wallet
   * decides, under the row lock of the UPDATE, and the statement (with the caller's transaction) is
   * undone. An account named by key that does not exist yet (first use) makes the statement write
   * nothing; it is created and the journal posted again. `at` comes from the caller's clock, so
   * balances over time follow the same clock as the records that caused them.
   */
  async post(
    tx: Executor,
    description: string,
    transactionId: string | null,
    entries: Entry[],
    at: Date,
  ): Promise<void> {
    const total = entries.reduce((sum, entry) => sum.plus(entry.amount), new Decimal(0));
    if (!total.isZero()) throw new Error(`journal '${description}' does not balance: ${total.toFixed(2)}`);
    const rows = sql.join(
      entries.map((entry) => sql`(${idOf(entry)}, ${toMoney(entry.amount)}::numeric)`),
      sql`, `,
    );
    const posted = await detectingShortfall(() =>
      tx.execute(sql`
        with entry (account_id, amount) as (values ${rows}),
        found as materialized (select bool_and(account_id is not null) as complete from entry),
        locked as materialized (
          select id from ledger_accounts where id in (select account_id from entry) and (select complete from found)
          order by ${accountLockOrder} for update),
        net as (select account_id, sum(amount) as amount from entry group by account_id),
        moved as (
          update ledger_accounts a set balance = a.balance + net.amount
          from net where a.id = net.account_id and a.id in (select id from locked)),
        journal as (
          insert into journal_transactions (description, transaction_id, created_at)
          select ${description}, ${transactionId}::uuid, ${at} where (select complete from found) returning id)
        insert into journal_entries (journal_id, account_id, amount, created_at)
        select journal.id, entry.account_id, entry.amount, ${at} from journal, entry`),
    );
    if (posted.rowCount) return;
    for (const entry of entries)
      if (!('accountId' in entry)) {
        const { account } = entry;
        if ('userId' in account) await ledgerRepository.walletsOf(tx, account.userId, account.currency);
        else await ledgerRepository.systemAccount(tx, account.kind, account.currency, account.shard);
      }
    await ledgerRepository.post(tx, description, transactionId, entries, at);
  },

  /** The journal of a movement between two accounts, each named by id or by key: `amount` leaves `from` for `to`. */
  move(
    tx: Executor,
    description: string,
    transactionId: string | null,
    from: number | AccountKey,
    to: number | AccountKey,
    amount: Decimal,
    at: Date,
  ): Promise<void> {
    const named = (account: number | AccountKey) =>
      typeof account === 'number' ? { accountId: account } : { account };
    const entries = [
      { ...named(from), amount: amount.negated() },
      { ...named(to), amount },
    ];
    return ledgerRepository.post(tx, description, transactionId, entries, at);
  },

  /** Reserves money in a wallet for a withdrawal: available (balance − held) must cover it. */
  async hold(tx: Executor, accountId: number, amount: Decimal): Promise<void> {
    const held = await tx.execute(sql`
      update ledger_accounts set held = held + ${toMoney(amount)}::numeric
      where id = ${accountId} and balance - held >= ${toMoney(amount)}::numeric`);
    if (held.rowCount !== 1) throw new InsufficientFunds();
  },

  async release(tx: Executor, accountId: number, amount: Decimal): Promise<void> {
    await tx.execute(sql`update ledger_accounts set held = held - ${toMoney(amount)}::numeric where id = ${accountId}`);
  },
};

const accountColumns = sql.raw('id::int, kind::text, currency::text, balance::text, held::text');

const idOf = (entry: Entry) => {
  if ('accountId' in entry) return sql`${entry.accountId}::bigint`;
  const { account } = entry;
  return 'userId' in account
    ? sql`(select id from ledger_accounts
        where user_id = ${account.userId} and kind = ${account.kind}::account_kind and savings_id is null)`
    : sql`(select id from ledger_accounts where user_id is null and kind = ${account.kind}::account_kind
        and currency = ${account.currency} and shard = ${account.shard ?? 0})`;
};

const byKind = (accounts: Account[]) =>
  Object.fromEntries(accounts.map((account) => [account.kind, account])) as Record<WalletKind, Account>;

/** The wallet check `ledger_accounts_wallet_not_negative` refusing a movement becomes InsufficientFunds. */
async function detectingShortfall<T>(statement: () => Promise<T>): Promise<T> {
  try {
    return await statement();
  } catch (error) {
    const database = databaseErrorOf(error);
    if (database.code === '23514' && database.constraint === 'ledger_accounts_wallet_not_negative')
      throw new InsufficientFunds();
    throw error;
  }
}
