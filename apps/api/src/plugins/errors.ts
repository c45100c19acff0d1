import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isTransientConflict } from '../db/client.ts';
import { AppError, type FieldErrors } from '../lib/errors.ts';

export const errorMessages = {
  conflict: 'Another request was changing the same money at the same moment. Please try again.',
} as const;

const clientErrorMessages: Record<number, string> = {
  400: 'The request could not be understood.',
  404: 'Not found.',
  405: 'Method not allowed.',
  413: 'The request is too large.',
  415: 'Unsupported content type.',
  429: 'Too many requests. Please try again later.',
};

/** The one place where thrown errors become the error envelope `{ status: 'error', message, errors }`. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send({ status: 'error', message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: FieldErrors = {};
      for (const issue of error.validation) {
        const field = fieldName(issue.instancePath, issue.params);
        (errors[field] ??= []).push(issue.message ?? 'is invalid');
      }
      const first = Object.values(errors)[0]?.[0] ?? 'The given data was invalid.';
      return reply.code(422).send({ status: 'error', message: first, errors });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
      return reply.code(400).send({ status: 'error', message: 'Malformed JSON in the request body.' });
    }
    // The last resort for a deadlock or serialization failure that running again did not cure.
    if (isTransientConflict(error)) {
      request.log.warn({ err: error }, 'request broken off by the database');
      return reply.code(409).send({ status: 'error', message: errorMessages.conflict });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = clientErrorMessages[status] ?? 'The request could not be processed.';
      return reply.code(status).send({ status: 'error', message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({
      status: 'error',
      message: 'Something went wrong on our side. Please try again.',
      request_id: request.id,
    });
  });
}

function fieldName(instancePath: string, params: Record<string, unknown>): string {
  const fromPath = instancePath.replace(/^\//, '').replaceAll('/', '.');
  const missing = typeof params['missingProperty'] === 'string' ? params['missingProperty'] : undefined;
  const unknown = Array.isArray(params['keys']) ? String(params['keys'][0]) : undefined;
  return fromPath || missing || unknown || 'body';
}
