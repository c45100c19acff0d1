import type { FastifyPluginAsync } from 'fastify';
import { listOutbox, readOutboxMessage } from '../../lib/mail/outbox.ts';
import { NotFound } from '../../lib/errors.ts';
import { mailListPage, mailMessagePage } from './dev-mail.pages.ts';

/** The development mail viewer at /dev/mail; never registered in production. */
export const devMailRoutes: FastifyPluginAsync<{ outboxDir: string }> = async (app, { outboxDir }) => {
  app.get('/dev/mail', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(mailListPage(await listOutbox(outboxDir))),
  );

  app.get<{ Params: { file: string } }>(
    '/dev/mail/:file',
    { config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      const message = await readOutboxMessage(outboxDir, request.params.file);
      if (!message) throw new NotFound('No such message in the outbox.');
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(mailMessagePage(message));
    },
  );
};
