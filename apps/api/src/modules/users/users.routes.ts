import { successEnvelope } from '@itrust/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { wholeUserOf } from '../../plugins/auth.ts';
import type { PresentUser } from './users.presenter.ts';
import { presentTransaction } from '../ledger/transaction.presenter.ts';
import type { WalletService } from '../ledger/wallet.service.ts';
import type { ReferenceService } from '../reference/reference.service.ts';
import type { PortfolioService } from '../portfolio/portfolio.service.ts';
import type { SavingsService } from '../savings/savings.service.ts';
import { keptOr, keptUserAnswers } from '../../db/kept-by-user.ts';
import type { SignedInUser } from './users.repository.ts';
import type { Holding, KeptAnswers } from '../portfolio/portfolio.service.ts';
import type { QuoteBook } from '../market/quote-book.ts';

type Balances = Awaited<ReturnType<WalletService['walletsAndSavings']>>;

export const userIncludes = [
  'wallet',
  'transactions',
  'savings',
  'country',
  'state',
  'city',
  'currency',
  'depositAccount',
  'withdrawalAccount',
] as const;
type Include = (typeof userIncludes)[number];

/** The records asked for, and their names in a fixed order: the key an answer is kept under. */
type Includes = { records: ReadonlySet<Include>; key: string };

/**
 * Each `include` text read once: a client asks for the same few again and again, and splitting and
 * checking it was about 3% of a kept answer's cost. At most `parsedLimit` texts are kept, so that
 * texts no client repeats cannot fill memory.
 */
const parsedIncludes = new Map<string, Includes | { unknown: string[] }>();
const parsedLimit = 256;

function parseIncludes(value: string): Includes | { unknown: string[] } {
  const requested = value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const unknown = requested.filter((part) => !(userIncludes as readonly string[]).includes(part));
  if (unknown.length) return { unknown };
  const records = new Set(requested as Include[]);
  return { records, key: userIncludes.filter((part) => records.has(part)).join() };
}

const includeQuery = z
  .object({
    include: z
      .string()
      .optional()
      .transform((value = '', context) => {
        let parsed = parsedIncludes.get(value);
        if (!parsed) {
          parsed = parseIncludes(value);
          if (parsedIncludes.size >= parsedLimit) parsedIncludes.clear();
          parsedIncludes.set(value, parsed);
        }
        if ('unknown' in parsed) {
          context.addIssue({
            code: 'custom',
            message: `Unknown include: ${parsed.unknown.join(', ')}. Allowed: ${userIncludes.join(', ')}.`,
          });
          return z.NEVER;
        }
        return parsed;
      }),
  })
  .strict();

export const usersRoutes: FastifyPluginAsyncZod<{
  present: PresentUser;
  wallet: WalletService;
  reference: ReferenceService;
  savings: SavingsService;
  portfolio: PortfolioService;
  /** What this process keeps of users: see restOf and pricedAnswer. */
  kept?: KeptAnswers | undefined;
}> = async (app, { present, wallet, reference, savings, portfolio, kept }) => {
  /**
   * The answer but its wallet, as encoded JSON, and what its wallet is valued from: the balances
   * and, when kept, the open positions. Kept encoded: writing a string encoded it again for every
   * request, a third of a kept answer's cost. `priced` is the whole answer at one copy of the prices
   * (its positions' value moves with them), replaced when the prices change.
   */
  type Rest = {
    json: Buffer;
    balances: Balances | undefined;
    holdings: Holding[] | undefined;
    priced?: { prices: number; body: Buffer };
  };
  // Kept per user until their data changes (db/change-feed.ts).
  const keptRests = keptUserAnswers<Rest>(kept?.feed);

  /** The independent reads of an answer run at once, each on its own connection. */
  async function restOf(user: SignedInUser, include: ReadonlySet<Include>): Promise<Rest> {
    const [presented, places, balances, holdings, recent, savingsAccounts, settings, withdrawalAccount] =
      await Promise.all([
        present(user),
        include.has('country') || include.has('state') || include.has('city') ? reference.placeNames(user) : undefined,
        include.has('wallet') ? wallet.walletsAndSavings(user.id) : undefined,
        include.has('wallet') && kept ? portfolio.holdingsOf(user.id) : undefined,
        include.has('transactions') ? wallet.recent(user.id, 10) : undefined,
        include.has('savings') ? savings.accounts(user.id) : undefined,
        include.has('depositAccount') ? reference.settings() : undefined,
        include.has('withdrawalAccount') ? wallet.withdrawalAccount(user.id) : undefined,
      ]);
    const answer: Record<string, unknown> = { ...presented };
    if (include.has('country')) answer['country'] = places?.country ?? null;
    if (include.has('state')) answer['state'] = places?.state ?? null;
    if (include.has('city')) answer['city'] = places?.city ?? { id: null, name: user.cityName };
    if (recent) answer['transactions'] = recent.map(presentTransaction);
    if (savingsAccounts) answer['savings'] = savingsAccounts;
    if (settings)
      answer['deposit_account'] = {
        bank_account_number: settings.bank_account_number,
        bank_routing_number: settings.bank_routing_number,
        bank_account_name: settings.bank_account_name,
        bank_name: settings.bank_name,
        bank_address: settings.bank_address,
        bank_reference: settings.bank_reference,
      };
    if (include.has('withdrawalAccount')) answer['withdrawal_account'] = withdrawalAccount ?? null;
    const json = Buffer.from(JSON.stringify({ status: 'success', message: 'OK', data: { user: answer } }));
    return { json, balances, holdings };
  }

  /** The answer with its wallet, which goes in last: the answer is `{…,"data":{"user":{…}}}`. */
  const withWallet = (json: Buffer, wallet: ReturnType<PortfolioService['walletsFrom']>) =>
    Buffer.concat([json.subarray(0, -3), Buffer.from(`,"wallet":${JSON.stringify(wallet)}}}}`)]);

  /**
   * The whole answer of a kept rest at this process's copy of the prices, valued again only when
   * they changed. The copy is named after the wait for the change feed (in keptOr), which reads
   * changed prices first, and valued at once, with no wait between: the answer holds that copy's
   * prices or later ones.
   */
  function pricedAnswer(user: SignedInUser, rest: Rest, balances: Balances, holdings: Holding[], book: QuoteBook) {
    const prices = book.version;
    if (rest.priced?.prices !== prices) {
      const body = withWallet(
        rest.json,
        portfolio.walletsFrom(balances, portfolio.investedFrom(holdings, user.currency.code)),
      );
      rest.priced = { prices, body };
    }
    return rest.priced.body;
  }

  app.get(
    '/user',
    {
      config: { access: 'unverified', wholeUser: true },
      schema: {
        tags: ['account'],
        summary: 'The signed-in user, with related records on request',
        querystring: includeQuery,
        response: { 200: successEnvelope(z.object({ user: z.record(z.string(), z.unknown()) })) },
      },
    },
    async (request, reply) => {
      const user = wholeUserOf(request);
      const { records, key } = request.query.include;
      const keptKey = `${user.id} ${key}`;
      const rest =
        keptRests?.keptNow(keptKey) ?? (await keptOr(keptRests, user.id, keptKey, () => restOf(user, records)));
      const { balances, holdings } = rest;
      let body = rest.json;
      if (balances && holdings && kept) body = pricedAnswer(user, rest, balances, holdings, kept.book);
      else if (balances)
        body = withWallet(rest.json, portfolio.walletsFrom(balances, await portfolio.invested(user.id)));
      // Already encoded JSON, which Fastify sends as it is (the type is the schema's, not a Buffer's).
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );
};
