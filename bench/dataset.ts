import { scheduleRunTime } from '@itrust/contracts';
import type pg from 'pg';
import { paidStock } from './dividend-payment.ts';
import type { BenchInvestor, Fixtures } from './scenarios.ts';
import type { Asset } from './trading-day.ts';

// The subqueries name savings_id is null so they use the partial unique index on (user_id, kind);
// without it every lookup scans all accounts.
/**
 * The benchmark data set, written in bulk: `users` approved investors in London, each with a year
 * of history (a deposit and monthly transfers, as transactions with their journals), a bank account,
 * three positions, a weekly recurring buy, a ROTH IRA with its daily interest, and a session token. Returns what the
 * scenarios name, investors in the order of their ids.
 */
export async function writeDataset(client: pg.Client, users: number, passwordHash: string): Promise<Fixtures> {
  await client.query('begin');
  await client.query(
    `insert into users (first_name, last_name, email, username, password_hash, phone, address, country_id, state_id,
       city_id, city_name, zipcode, date_of_birth, nationality_id, currency_id, experience, employed, kyc,
       terms_accepted_at, email_verified_at, created_at)
     select 'Bench', 'User ' || g, 'bench' || g || '@example.com', 'bench' || g, $2, '+44 20 7946 0000', '1 Bench Street',
       c.id, s.id, ci.id, 'London', 'EC1A 1AA', '1990-01-01', (select id from nationalities where name = 'British'),
       (select id from currencies where code = 'USD'), 'intermediate', 'employed', 'approved',
       now() - interval '400 days', now() - interval '400 days', now() - interval '400 days'
     from generate_series(1, $1) g, countries c join states s on s.country_id = c.id join cities ci on ci.state_id = s.id
     where c.iso_code = 'GB' and s.iso_code = 'ENG' and ci.name = 'London'`,
    [users, passwordHash],
  );
  await client.query(`
    insert into ledger_accounts (user_id, kind, currency)
    select u.id, kind, 'USD' from users u, unnest(array['cash', 'auto', 'brokerage']::account_kind[]) kind
    where u.email like 'bench%@example.com'`);
  await client.query(`
    insert into ledger_accounts (kind, currency) values ('deposits_clearing', 'USD'), ('market', 'USD'), ('interest', 'USD')
    on conflict do nothing`);
  // A deposit 365 days ago, then a transfer to brokerage every month, each recorded as the app records
  // it: the investor's transaction (what the history and the totals read) and its journal.
  await client.query(`
    with accounts as (
      select u.id as user_id,
        (select id from ledger_accounts where user_id = u.id and kind = 'cash' and savings_id is null) as cash,
        (select id from ledger_accounts where user_id = u.id and kind = 'brokerage' and savings_id is null) as brokerage
      from users u where u.email like 'bench%@example.com'),
    moves as (
      select a.*, m, now() - interval '365 days' + m * interval '30 days' as at,
        'ITR-' || upper(substr(md5(a.user_id::text || ' ' || m), 1, 12)) as reference
      from accounts a, generate_series(0, 12) m),
    recorded as (
      insert into transactions (user_id, type, status, amount, currency, reference, mode, swap_from, swap_to, created_at, decided_at)
      select user_id, case when m = 0 then 'credit' else 'transfer' end::transaction_type, 'approved',
        case when m = 0 then 100000 else 1000 end, 'USD', reference, case when m = 0 then 'bank' end,
        case when m > 0 then 'cash' end::account_kind, case when m > 0 then 'brokerage' end::account_kind, at, at
      from moves returning id, reference),
    journals as (
      insert into journal_transactions (description, transaction_id, created_at)
      select case when mv.m = 0 then 'deposit' else 'transfer cash → brokerage' end, r.id, mv.at
      from moves mv join recorded r on r.reference = mv.reference
      returning id, transaction_id)
    insert into journal_entries (journal_id, account_id, amount, created_at)
    select j.id, side.account, side.amount, mv.at
    from journals j join recorded r on r.id = j.transaction_id join moves mv on mv.reference = r.reference,
      lateral (values
        (case when mv.m = 0 then (select id from ledger_accounts where kind = 'deposits_clearing' and user_id is null and currency = 'USD' and shard = 0) else mv.cash end,
         case when mv.m = 0 then -100000 else -1000 end),
        (case when mv.m = 0 then mv.cash else mv.brokerage end, case when mv.m = 0 then 100000 else 1000 end)
      ) as side(account, amount)`);
  // The bank account withdrawals go to.
  await client.query(`
    insert into payment_methods (user_id, type, label, currency, account_number, account_name, bank_name, routing_number, created_at)
    select id, 'bank', 'Main account', 'USD', '12345678', first_name || ' ' || last_name, 'Bench Bank', '021000021',
      now() - interval '365 days'
    from users where email like 'bench%@example.com'`);
  // Three positions each, bought 200 days ago at the day's price: one of a monthly dividend payer, whose
  // dividend the payment scenario pays to everyone, and two others.
  await client.query(
    `
    with picks as (
      select u.id as user_id, a.id as asset_id, q.price
      from users u cross join lateral (select id from assets where type = 'stocks'
        order by symbol = $1 desc, (id::bigint * 7919 + hashtext(u.id::text)) % 101 limit 3) a
      join asset_quotes q on q.asset_id = a.id
      where u.email like 'bench%@example.com'),
    opened as (
      insert into positions (user_id, asset_id, wallet, quantity, opened_quantity, entry_price, fx_rate, cost, opened_cost, created_at)
      select user_id, asset_id, 'brokerage', round(1000 / price, 8), round(1000 / price, 8), price, 1, 1000, 1000, now() - interval '200 days'
      from picks returning id, user_id, asset_id, quantity, entry_price, created_at)
    insert into trades (user_id, position_id, asset_id, side, quantity, price, fx_rate, amount, created_at)
    select user_id, id, asset_id, 'buy', quantity, entry_price, 1, 1000, created_at from opened`,
    [paidStock],
  );
  // A weekly recurring buy each, of one of the first ten stocks, whose first slot is a week ahead at
  // the plans' run time in London: none falls due until the slot scenario brings the slot forward.
  await client.query(
    `insert into schedules (user_id, kind, asset_id, amount, frequency, start_on, time_zone, next_run_at, created_at)
     select u.id, 'buy', a.id, 25, 'weekly', d.start_on, 'Europe/London',
       (d.start_on + $1::time) at time zone 'Europe/London', now() - interval '30 days'
     from users u
       cross join (select (now() at time zone 'Europe/London')::date + 7 as start_on) d
       join (select id, row_number() over (order by id) - 1 as turn from assets where type = 'stocks' order by id limit 10) a
         on a.turn = (hashtext(u.id::text) % 10 + 10) % 10
     where u.email like 'bench%@example.com'`,
    [scheduleRunTime],
  );
  // A ROTH IRA with one contribution 100 days ago.
  await client.query(`
    with opened as (
      insert into user_savings (user_id, product_id, created_at)
      select u.id, (select id from savings_products where name = 'ROTH IRA'), now() - interval '100 days'
      from users u where u.email like 'bench%@example.com' returning id, user_id)
    insert into ledger_accounts (user_id, kind, currency, savings_id) select user_id, 'savings', 'USD', id from opened`);
  await client.query(`
    insert into savings_history (user_id, user_savings_id, method, amount, created_at)
    select s.user_id, s.id, 'contribution', 2000, now() - interval '100 days'
    from user_savings s join users u on u.id = s.user_id where u.email like 'bench%@example.com'`);
  // The journals of the buys (brokerage to the market) and of the contributions (cash to the savings account).
  await client.query(`
    with moves as (
      select 'bench buy ' || t.id as description, t.created_at, 1000 as amount,
        (select id from ledger_accounts where user_id = t.user_id and kind = 'brokerage' and savings_id is null) as source,
        (select id from ledger_accounts where kind = 'market' and user_id is null and currency = 'USD' and shard = 0) as target
      from trades t join users u on u.id = t.user_id where u.email like 'bench%@example.com'
      union all
      select 'bench contribution ' || h.user_savings_id, h.created_at, 2000,
        (select id from ledger_accounts where user_id = h.user_id and kind = 'cash' and savings_id is null),
        (select id from ledger_accounts where savings_id = h.user_savings_id)
      from savings_history h join users u on u.id = h.user_id where u.email like 'bench%@example.com'),
    journals as (
      insert into journal_transactions (description, created_at) select description, created_at from moves returning id, description)
    insert into journal_entries (journal_id, account_id, amount, created_at)
    select j.id, side.account, side.amount, m.created_at
    from journals j join moves m using (description), lateral (values (m.source, -m.amount), (m.target, m.amount)) as side(account, amount)`);
  // The interest of those 100 days, paid day by day up to yesterday as the nightly job leaves it (on
  // the contribution alone): a row of savings_interest and, when a cent or more is due, a journal a
  // day. The API's start-up catch-up then has nothing left to pay.
  // Triggers off for this statement and the stars below (session_replication_role), the hourly
  // roll-up written in it once per account and hour: the trigger would update the interest account's
  // row of each hour once per investor in one statement, and each such update walks every version the
  // statement left before it.
  await client.query('set local session_replication_role = replica');
  await client.query(`
    with days as (
      select s.id as savings_id, a.id as account_id, (s.created_at at time zone 'UTC')::date + (k - 1) as day,
        trunc(2000 * p.annual_rate * k / 365, 12) as accrued,
        trunc(2000 * p.annual_rate * k / 365, 2) - trunc(2000 * p.annual_rate * (k - 1) / 365, 2) as paid,
        nextval(pg_get_serial_sequence('journal_transactions', 'id')) as journal_id
      from user_savings s join savings_products p on p.id = s.product_id join ledger_accounts a on a.savings_id = s.id
      join users u on u.id = s.user_id
      cross join generate_series(1, (now() at time zone 'UTC')::date - (s.created_at at time zone 'UTC')::date) k
      where u.email like 'bench%@example.com'),
    entries as (
      select d.journal_id, side.account_id, side.amount, (d.day + 1)::timestamp at time zone 'UTC' as created_at
      from days d, lateral (values
        ((select id from ledger_accounts where user_id is null and kind = 'interest' and currency = 'USD' and shard = 0), -d.paid),
        (d.account_id, d.paid)) as side(account_id, amount)
      where d.paid > 0),
    recorded as (
      insert into savings_interest (user_savings_id, day, balance, accrued, paid, created_at)
      select savings_id, day, 2000, accrued, paid, (day + 1)::timestamp at time zone 'UTC' from days),
    journals as (
      insert into journal_transactions (id, description, created_at)
      select journal_id, 'savings interest', (day + 1)::timestamp at time zone 'UTC' from days where paid > 0),
    written as (
      insert into journal_entries (journal_id, account_id, amount, created_at)
      select journal_id, account_id, amount, created_at from entries)
    insert into ledger_hourly (account_id, hour, delta)
    select account_id, date_trunc('hour', created_at, 'UTC'), sum(amount) from entries group by 1, 2
    on conflict (account_id, hour) do update set delta = ledger_hourly.delta + excluded.delta`);
  // Five stars each, counted once per asset: the trigger would update each asset's row once per star
  // in one statement, leaving every version behind (a hundred assets on hundreds of pages, read by
  // each market list), where stars made one at a time leave a row or two.
  await client.query(`
    insert into watchlist_entries (user_id, asset_id, created_at)
    select u.id, a.id, now() - interval '30 days'
    from users u cross join lateral (select id from assets order by md5(u.id::text || id::text) limit 5) a
    where u.email like 'bench%@example.com'`);
  await client.query('set local session_replication_role = origin');
  await client.query(`
    update assets a set watchers = w.count
    from (select asset_id, count(*)::int as count from watchlist_entries group by asset_id) w where w.asset_id = a.id`);
  await client.query(`
    update ledger_accounts a set balance = e.total
    from (select account_id, sum(amount) as total from journal_entries group by account_id) e
    where e.account_id = a.id`);
  const investors = await client.query<BenchInvestor>(`
    with made as (
      select u.id, md5(random()::text || u.id::text) || md5(random()::text) as token
      from users u where u.email like 'bench%@example.com'),
    stored as (
      insert into access_tokens (user_id, token_hash, scope, created_at, expires_at)
      select id, sha256(convert_to(token, 'UTF8')), 'full', now(), now() + interval '1 day' from made)
    select m.token, u.username as login,
      (select id from payment_methods p where p.user_id = u.id limit 1) as "paymentMethodId",
      (select id from positions p where p.user_id = u.id order by id limit 1) as "positionId"
    from made m join users u on u.id = m.id order by u.id`);
  await client.query('commit');
  // Vacuumed as well as analysed, as a live database's tables are, and checkpointed: otherwise
  // autovacuum and the checkpointer take up the new rows during the measurements.
  await client.query('vacuum analyze');
  await client.query('checkpoint');
  const assets = await client.query<Asset>(`select id, symbol from assets where type = 'stocks' order by id limit 10`);
  const savings = await client.query<{ id: number }>(`select id from savings_products where name = 'ROTH IRA'`);
  return { investors: investors.rows, assets: assets.rows, savingsProductId: savings.rows[0]?.id ?? 0 };
}
