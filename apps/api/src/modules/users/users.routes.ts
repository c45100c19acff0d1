import { successEnvelope, userResponse, type UserWithIncludes } from '@itrust/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/responses.ts';
import { wholeUserOf } from '../../plugins/auth.ts';
import type { PresentUser } from './users.presenter.ts';
import { presentTransaction, type WalletService } from '../ledger/wallet.service.ts';
import type { ReferenceService } from '../reference/reference.service.ts';
import type { PortfolioService } from '../portfolio/portfolio.service.ts';
import type { SavingsService } from '../savings/savings.service.ts';
import type { SignedInUser } from './users.service.ts';

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
  async function userWithIncludes(signedIn: SignedInUser, include: ReadonlySet<Include>) {
    const [presented, places, wallets, recent, savingsAccounts, settings, withdrawalAccount] = await Promise.all([
      present(signedIn),
      include.has('country') || include.has('state') || include.has('city')
        ? reference.placeNames(signedIn)
        : undefined,
      include.has('wallet') ? portfolio.wallets(signedIn.id) : undefined,
      include.has('transactions') ? wallet.recent(signedIn.id, 10) : undefined,
      include.has('savings') ? savings.accounts(signedIn.id) : undefined,
      include.has('depositAccount') ? reference.settings() : undefined,
      include.has('withdrawalAccount') ? wallet.withdrawalAccount(signedIn.id) : undefined,
    ]);
    const user: UserWithIncludes = { ...presented };
    if (include.has('country')) user.country = places?.country ?? null;
    if (include.has('state')) user.state = places?.state ?? null;
    if (include.has('city')) user.city = places?.city ?? { id: null, name: signedIn.cityName };
    if (recent) user.transactions = recent.map(presentTransaction);
    if (savingsAccounts) user.savings = savingsAccounts;
    if (settings)
      user.deposit_account = {
        bank_account_number: settings.bank_account_number,
        bank_routing_number: settings.bank_routing_number,
        bank_account_name: settings.bank_account_name,
        bank_name: settings.bank_name,
        bank_address: settings.bank_address,
        bank_reference: settings.bank_reference,
      };
    if (include.has('withdrawalAccount')) user.withdrawal_account = withdrawalAccount ?? null;
    if (wallets) user.wallet = wallets;
    return user;
  }

  app.get(
    '/user',
    {
      config: { access: 'unverified', wholeUser: true },
      schema: {
        tags: ['account'],
        summary: 'The signed-in user, with related records on request',
        querystring: includeQuery,
        response: { 200: successEnvelope(userResponse) },
      },
    },
    async (request) => ok('OK', { user: await userWithIncludes(wholeUserOf(request), request.query.include) }),
  );
};
