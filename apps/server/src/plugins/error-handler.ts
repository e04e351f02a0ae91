import { STATUS_CODES } from 'node:http';
import { ForbiddenError } from '@portal/domain';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { type FieldProblem, HttpError } from '../http/errors';

export type ErrorBody = { statusCode: number; error: string; message: string; details?: FieldProblem[] };

export function sendError(
  reply: FastifyReply,
  statusCode: number,
  message: string,
  details?: FieldProblem[],
) {
  const body: ErrorBody = { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message };
  if (details?.length) body.details = details;
  return reply.code(statusCode).type('application/json; charset=utf-8').send(body);
}

/** Turns zod's path (`/filter[isActive]`, `/items/0/name`) into the field name a client recognises. */
function fieldName(context: string | undefined, instancePath: string, params: Record<string, unknown>) {
  const path = instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
  const unknownKeys = params.keys;
  if (Array.isArray(unknownKeys) && unknownKeys.length) {
    return unknownKeys.map((key) => (path ? `${path}.${key}` : String(key))).join(', ');
  }
  return path || context || 'request';
}

/** One error handler: every error body is {statusCode, error, message}, plus details on 400 and 422. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = error.validationContext;
      const details = error.validation.map((problem) => ({
        field: fieldName(context, problem.instancePath, problem.params as Record<string, unknown>),
        message: problem.message ?? 'is invalid',
      }));
      const fields = [...new Set(details.map((detail) => detail.field))].join(', ');
      return sendError(reply, 400, `Invalid ${context ?? 'request'}: ${fields}`, details);
    }
    // A permission the domain rules deny: CASL's message is SPEC §6's ('Cannot execute "…" on "…"').
    if (error instanceof ForbiddenError) {
      return sendError(reply, 403, error.message);
    }
    if (error instanceof HttpError) {
      return sendError(reply, error.statusCode, error.message, error.details);
    }
    if (isResponseSerializationError(error)) {
      request.log.error(
        { err: { message: error.message, issues: error.cause.issues.length } },
        'response failed its schema',
      );
      return sendError(reply, 500, 'Internal server error');
    }
    const statusCode = error.statusCode ?? 500;
    if (statusCode >= 500) {
      // The message of an unexpected error may quote data; log the stack only.
      request.log.error(
        { err: { type: error.name, code: error.code, stack: error.stack } },
        'request failed',
      );
      return sendError(reply, statusCode, 'Internal server error');
    }
    // Fastify's own 4xx errors (malformed JSON, wrong media type, body too large) carry a safe message.
    return sendError(reply, statusCode, error.message);
  });
});
