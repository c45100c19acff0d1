import { kycQueueResponse, successEnvelope } from '@itrust/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { presentUser } from '../users/users.service.ts';
import { noData, ok, pageOf } from '../../lib/responses.ts';
import { operatorOf, paging, reason, tags } from './admin.http.ts';
import type { AdminService } from './admin.service.ts';

export const adminKycRoutes: FastifyPluginAsyncZod<{ admin: AdminService }> = async (app, { admin }) => {
  app.get(
    '/admin/kyc',
    {
      config: { access: 'operator' },
      schema: {
        tags,
        summary: 'Identity checks by status, with their documents',
        querystring: z
          .object({
            'filter[status]': z.enum(['pending', 'submitted', 'approved', 'declined']).default('submitted'),
            ...paging,
          })
          .strict(),
        response: { 200: successEnvelope(kycQueueResponse) },
      },
    },
    async (request) => {
      const { page: current, per_page: perPage } = request.query;
      const {
        people: found,
        documents,
        total,
      } = await admin.kycQueue(request.query['filter[status]'], current, perPage);
      const people = found.map((person) => {
        const own = documents.filter((document) => document.userId === person.id);
        return {
          ...presentUser(person, own, person.displayCurrency),
          documents: own.map((document) => ({
            id: document.id,
            side: document.side,
            name: document.originalName,
            url: `/api/admin/kyc-documents/${document.id}`,
          })),
        };
      });
      return ok('OK', { users: pageOf(people, current, perPage, total) });
    },
  );

  app.post(
    '/admin/kyc/:userId/approve',
    {
      config: { access: 'operator' },
      schema: {
        tags,
        summary: 'Approve a submitted identity check',
        params: z.object({ userId: z.uuid('No such user.') }),
        response: { 200: noData },
      },
    },
    async (request) => {
      await admin.approveKyc(operatorOf(request), request.params.userId);
      return ok('Identity approved.', {});
    },
  );

  app.post(
    '/admin/kyc/:userId/decline',
    {
      config: { access: 'operator' },
      schema: {
        tags,
        summary: 'Decline a submitted identity check, with the reason',
        params: z.object({ userId: z.uuid('No such user.') }),
        body: reason,
        response: { 200: noData },
      },
    },
    async (request) => {
      await admin.declineKyc(operatorOf(request), request.params.userId, request.body.reason);
      return ok('Identity declined.', {});
    },
  );
};
