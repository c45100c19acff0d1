import { paymentMethodListResponse, paymentMethodResponse, successEnvelope } from '@itrust/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ValidationFailed } from '../../lib/errors.ts';
import { actorOf, authOf } from '../../plugins/auth.ts';
import { requireStepUp } from '../../plugins/step-up.ts';
import type { SecurityEvents } from '../account/security-events.service.ts';
import type { WalletService } from './wallet.service.ts';

const tags = ['wallet'];

/** Address formats per coin: bitcoin (legacy, script and bech32), ethereum and ERC-20, TRON TRC-20. */
export const addressPatterns: Record<string, RegExp> = {
  btc: /^(bc1[ac-hj-np-z02-9]{11,71}|[13][a-km-zA-HJ-NP-Z1-9]{25,34})$/,
  eth: /^0x[0-9a-fA-F]{40}$/,
  'usdt(erc20)': /^0x[0-9a-fA-F]{40}$/,
  'usdt(trc20)': /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
};

const text = (max: number) => z.string().trim().min(1, 'This field is required.').max(max);

const bankMethod = z.object({
  type: z.literal('bank'),
  label: z.string().trim().max(100).optional(),
  account_number: text(34),
  account_name: text(140),
  bank_name: text(140),
  routing_number: text(34),
  bank_address: text(255),
});
const cryptoMethod = z.object({
  type: z.literal('crypto'),
  label: z.string().trim().max(100).optional(),
  currency: z.string().trim().toLowerCase(),
  wallet_address: text(120),
});

export const paymentMethodsRoutes: FastifyPluginAsyncZod<{ wallet: WalletService; events: SecurityEvents }> = async (
  app,
  { wallet, events },
) => {
  app.post(
    '/user/payment-method',
    {
      config: { access: 'verified' },
      schema: {
        tags,
        summary: 'Save a bank account or a crypto address for withdrawals',
        body: z.discriminatedUnion('type', [bankMethod, cryptoMethod], { error: 'Choose bank or crypto.' }),
        response: { 201: successEnvelope(paymentMethodResponse) },
      },
    },
    async (request, reply) => {
      const { userId } = authOf(request);
      const body = request.body;
      if (body.type === 'crypto') {
        const pattern = addressPatterns[body.currency];
        if (!pattern) throw new ValidationFailed({ currency: ['Choose BTC, ETH, USDT(ERC20) or USDT(TRC20).'] });
        if (!pattern.test(body.wallet_address))
          throw new ValidationFailed({
            wallet_address: [`This is not a valid ${body.currency.toUpperCase()} address.`],
          });
      }
      const secondStep = requireStepUp(request, 'add a withdrawal destination');
      const saved = await wallet.savePaymentMethod(userId, body, secondStep.strong);
      await events.record(actorOf(request), {
        action: 'payment_method.added',
        id: saved.id,
        usableAt: new Date(saved.usable_at),
      });
      return reply
        .code(201)
        .send({ status: 'success', message: 'Withdraw Info Updated.', data: { payment_method: saved } });
    },
  );

  app.get(
    '/user/payment-method',
    {
      config: { access: 'verified' },
      schema: {
        tags,
        summary: 'Your saved payment methods',
        querystring: z
          .object({
            'filter[type]': z.enum(['bank', 'crypto']).optional(),
            'filter[is_withdrawal]': z.enum(['true', 'false']).optional(),
          })
          .strict(),
        response: { 200: successEnvelope(paymentMethodListResponse) },
      },
    },
    async (request) => {
      const { userId } = authOf(request);
      const type = request.query['filter[type]'];
      const withdrawal = request.query['filter[is_withdrawal]'];
      const rows = await wallet.paymentMethods(userId, {
        ...(type ? { type } : {}),
        ...(withdrawal ? { isWithdrawal: withdrawal === 'true' } : {}),
      });
      return { status: 'success' as const, message: 'OK', data: { payment_methods: { data: rows } } };
    },
  );
};
