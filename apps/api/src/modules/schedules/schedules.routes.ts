import {
  scheduleFrequency,
  scheduleKind,
  scheduleListResponse,
  scheduleRefusals,
  scheduleResponse,
  successEnvelope,
} from '@itrust/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { amountFrom, amountMessages } from '../../lib/money.ts';
import { ok } from '../../lib/responses.ts';
import { wireNumber } from '../../lib/wire-number.ts';
import { approvedUserOf } from '../../plugins/auth.ts';
import { idempotent } from '../../plugins/idempotency.ts';
import type { ScheduleService } from './schedules.service.ts';

const tags = ['recurring'];
const wallet = z.enum(['cash', 'auto', 'brokerage'], { error: 'Choose one of your wallets.' });
const amount = wireNumber(amountMessages.invalid);
const frequency = z.enum(scheduleFrequency.options, { error: 'Choose how often it runs.' });
const id = z.object({ id: z.uuid(scheduleRefusals.noSchedule) });
const refusal = 'Verify your identity before you invest on a schedule.';

export const scheduleRoutes: FastifyPluginAsyncZod<{ db: Database; schedules: ScheduleService }> = async (
  app,
  { db, schedules },
) => {
  app.get(
    '/user/schedules',
    {
      config: { access: 'verified' },
      schema: {
        tags,
        summary: 'Your recurring buys and scheduled transfers, with their next run and latest runs',
        response: { 200: successEnvelope(scheduleListResponse) },
      },
    },
    async (request) => ok('OK', { schedules: await schedules.list(approvedUserOf(request, refusal)) }),
  );

  app.post(
    '/user/schedules',
    {
      config: { access: 'verified' },
      schema: {
        tags,
        summary:
          'Start a recurring buy of an asset (from the brokerage wallet) or a scheduled transfer between your wallets',
        body: z.object({
          kind: z.enum(scheduleKind.options, { error: 'Choose a recurring buy or a scheduled transfer.' }),
          asset_id: z.coerce.number().int().positive(scheduleRefusals.assetRequired).optional(),
          from: wallet.optional(),
          to: wallet.optional(),
          amount,
          frequency,
          start_on: z.iso.date('Enter the first date as YYYY-MM-DD.'),
          time_zone: z.string(scheduleRefusals.timeZone).trim().min(1, scheduleRefusals.timeZone).max(64),
        }),
        response: { 201: successEnvelope(scheduleResponse) },
      },
    },
    async (request, reply) => {
      const userId = approvedUserOf(request, refusal);
      const { body } = request;
      return idempotent(db, request, reply, userId, async () => {
        const schedule = await schedules.create(userId, {
          kind: body.kind,
          assetId: body.asset_id,
          from: body.from,
          to: body.to,
          amount: amountFrom(body.amount),
          frequency: body.frequency,
          startOn: body.start_on,
          timeZone: body.time_zone,
        });
        return { status: 201, body: ok('Recurring plan started.', { schedule }) };
      });
    },
  );

  app.patch(
    '/user/schedules/:id',
    {
      config: { access: 'verified' },
      schema: {
        tags,
        summary: 'Change the amount or how often it runs, or pause or resume it',
        params: id,
        body: z.object({ amount: amount.optional(), frequency: frequency.optional(), paused: z.boolean().optional() }),
        response: { 200: successEnvelope(scheduleResponse) },
      },
    },
    async (request, reply) => {
      const userId = approvedUserOf(request, refusal);
      const { body } = request;
      return idempotent(db, request, reply, userId, async () => {
        const schedule = await schedules.update(userId, request.params.id, {
          amount: body.amount === undefined ? undefined : amountFrom(body.amount),
          frequency: body.frequency,
          paused: body.paused,
        });
        return { status: 200, body: ok('Recurring plan saved.', { schedule }) };
      });
    },
  );

  app.delete(
    '/user/schedules/:id',
    {
      config: { access: 'verified' },
      schema: {
        tags,
        summary: 'Delete a recurring plan; the trades and transfers it made stay in your history',
        params: id,
        response: { 200: successEnvelope(scheduleResponse) },
      },
    },
    async (request, reply) => {
      const userId = approvedUserOf(request, refusal);
      return idempotent(db, request, reply, userId, async () => {
        const schedule = await schedules.remove(userId, request.params.id);
        return { status: 200, body: ok('Recurring plan deleted.', { schedule }) };
      });
    },
  );
};
