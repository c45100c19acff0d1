import {
  citiesResponse,
  citiesQuery,
  countriesResponse,
  currenciesResponse,
  nationalitiesResponse,
  settingsResponse,
  statesResponse,
  statesQuery,
  successEnvelope,
} from '@itrust/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, pageOf } from '../../lib/responses.ts';
import type { ReferenceService } from './reference.service.ts';

const tags = ['reference'];
// Public reference lists: browsers may cache them for a few minutes.
const publicCache = 'public, max-age=300';

export const referenceRoutes: FastifyPluginAsyncZod<{ reference: ReferenceService }> = async (app, { reference }) => {
  // Only a successful response may be cached; an error never is.
  app.addHook('onSend', async (_request, reply) => {
    if (reply.statusCode < 400 && reply.getHeader('cache-control') !== 'no-cache')
      reply.header('cache-control', publicCache);
  });

  app.get(
    '/currencies',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Supported currencies', response: { 200: successEnvelope(currenciesResponse) } },
    },
    async () => {
      const list = await reference.currencies();
      return ok('OK', {
        currencies: pageOf(list, 1, list.length, list.length),
      });
    },
  );

  app.get(
    '/settings',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Platform deposit addresses and bank details',
        response: { 200: successEnvelope(settingsResponse) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return ok('OK', { settings: await reference.settings() });
    },
  );

  app.get(
    '/country',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Countries', response: { 200: successEnvelope(countriesResponse) } },
    },
    async () => ok('OK', { countries: await reference.countries() }),
  );

  app.get(
    '/nationalities',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Nationalities', response: { 200: successEnvelope(nationalitiesResponse) } },
    },
    async () => ok('OK', { nationalities: await reference.nationalities() }),
  );

  app.get(
    '/states',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'States or provinces of a country',
        querystring: statesQuery,
        response: { 200: successEnvelope(statesResponse) },
      },
    },
    async (request) => ok('OK', { states: await reference.statesOfCountry(request.query['filter[country_id]']) }),
  );

  app.get(
    '/cities',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Cities of a state',
        querystring: citiesQuery,
        response: { 200: successEnvelope(citiesResponse) },
      },
    },
    async (request) => ok('OK', { cities: await reference.citiesOfState(request.query['filter[state_id]']) }),
  );
};
