import { successEnvelope } from '@itrust/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/answers.ts';
import { wholeUserOf } from '../../plugins/auth.ts';
import type { PresentUser } from './users.presenter.ts';
import { presentTransaction, type WalletService } from '../ledger/wallet.service.ts';
import type { ReferenceService } from '../reference/reference.service.ts';
import type { PortfolioService } from '../portfolio/portfolio.service.ts';
import type { SavingsService } from '../savings/savings.service.ts';
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
      .transform((value = '', context) => {
        const requested = value
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
}> = async (app, { present, wallet, reference, savings, portfolio }) => {
  /** The user and the records asked for; the independent reads run at once, each on its own connection. */
  async function answerOf(user: SignedInUser, include: ReadonlySet<Include>) {
    const [presented, places, wallets, recent, savingsAccounts, settings, withdrawalAccount] = await Promise.all([
      present(user),
      include.has('country') || include.has('state') || include.has('city') ? reference.placeNames(user) : undefined,
      include.has('wallet') ? portfolio.wallets(user.id) : undefined,
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
    if (wallets) answer['wallet'] = wallets;
    return answer;
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
    async (request) => ok('OK', { user: await answerOf(wholeUserOf(request), request.query.include) }),
  );
};
