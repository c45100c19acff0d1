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
import type { ChangeFeed } from '../../db/change-feed.ts';
import { createKeptByUser } from '../../db/kept-by-user.ts';
import type { SignedInUser } from './users.repository.ts';

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

const includeQuery = z
  .object({
    include: z
      .string()
      .optional()
      .transform((value, context) => {
        const requested = (value ?? '')
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean);
        const unknown = requested.filter((part) => !(userIncludes as readonly string[]).includes(part));
        if (unknown.length) {
          context.addIssue({
            code: 'custom',
            message: `Unknown include: ${unknown.join(', ')}. Allowed: ${userIncludes.join(', ')}.`,
          });
          return z.NEVER;
        }
        return new Set(requested as Include[]);
      }),
  })
  .strict();

export const usersRoutes: FastifyPluginAsyncZod<{
  present: PresentUser;
  wallet: WalletService;
  reference: ReferenceService;
  savings: SavingsService;
  portfolio: PortfolioService;
  feed?: ChangeFeed | undefined;
  /** Counts the market's ticks: the positions' value changes with each. */
  tick: () => number;
}> = async (app, { present, wallet, reference, savings, portfolio, feed, tick }) => {
  type Parts = Awaited<ReturnType<typeof partsOf>>;
  // Kept per user until their data changes (db/change-feed.ts): the parts of the answer that do not
  // move with prices, and the answer itself per tick. A minute at most: the last 24 hours' interest
  // and this year's contributions move with the clock.
  const keptParts = feed && createKeptByUser<Parts>(feed, { scope: 'any', maxAgeMs: 60_000, maxEntries: 50_000 });
  const keptBodies = feed && createKeptByUser<string>(feed, { scope: 'any', maxAgeMs: 60_000, maxEntries: 50_000 });

  /** The independent reads of an answer: they run at once, each on its own connection. */
  async function partsOf(user: SignedInUser, include: ReadonlySet<Include>) {
    const [presented, places, balances, recent, savingsAccounts, settings, withdrawalAccount] = await Promise.all([
      present(user),
      include.has('country') || include.has('state') || include.has('city') ? reference.placeNames(user) : undefined,
      include.has('wallet') ? wallet.walletsAndSavings(user.id) : undefined,
      include.has('transactions') ? wallet.recent(user.id, 10) : undefined,
      include.has('savings') ? savings.accounts(user.id) : undefined,
      include.has('depositAccount') ? reference.settings() : undefined,
      include.has('withdrawalAccount') ? wallet.withdrawalAccount(user.id) : undefined,
    ]);
    return { presented, places, balances, recent, savingsAccounts, settings, withdrawalAccount };
  }

  async function answerOf(user: SignedInUser, include: ReadonlySet<Include>, includeKey: string) {
    const [parts, invested] = await Promise.all([
      keptParts
        ? keptParts.answer(`${user.id} ${includeKey}`, async () => ({
            userId: user.id,
            value: await partsOf(user, include),
          }))
        : partsOf(user, include),
      include.has('wallet') ? portfolio.invested(user.id) : undefined,
    ]);
    const { presented, places, balances, recent, savingsAccounts, settings, withdrawalAccount } = parts as Parts;
    const answer: Record<string, unknown> = { ...presented };
    if (include.has('country')) answer['country'] = places?.country ?? null;
    if (include.has('state')) answer['state'] = places?.state ?? null;
    if (include.has('city')) answer['city'] = places?.city ?? { id: null, name: user.cityName };
    if (balances && invested) answer['wallet'] = portfolio.walletsFrom(balances, invested);
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
    return JSON.stringify({ status: 'success', message: 'OK', data: { user: answer } });
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
      const include = request.query.include;
      const includeKey = userIncludes.filter((part) => include.has(part)).join();
      // The tick is read before the prices: an answer kept under a tick holds its prices or later ones.
      const body = keptBodies
        ? await keptBodies.answer(`${user.id} ${tick()} ${includeKey}`, async () => ({
            userId: user.id,
            value: await answerOf(user, include, includeKey),
          }))
        : await answerOf(user, include, includeKey);
      // Already JSON: Fastify sends a string with a JSON content type as it is.
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );
};
