import { STATUS_CODES, validateHeaderName, validateHeaderValue } from 'node:http';
import { ForbiddenError, findUnsafeText, UNSAFE_TEXT_MESSAGE } from '@portal/domain';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  isDatabaseUnavailable,
} from '../db/database-unavailable';
import { type FieldProblem, HttpError, ServiceUnavailableError } from '../http/errors';
import { ObjectStoreError } from '../modules/documents/storage/s3-storage';

export type ErrorBody = { statusCode: number; error: string; message: string; details?: FieldProblem[] };

/**
 * Drops headers Node would refuse to write (a value with characters beyond Latin-1, say): the error
 * answer must not fail the same way the route's answer did, or Node's own error text reaches the client.
 */
function dropUnwritableHeaders(reply: FastifyReply) {
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    try {
      validateHeaderName(name);
      for (const item of [value].flat()) if (item !== undefined) validateHeaderValue(name, String(item));
    } catch {
      reply.removeHeader(name);
    }
  }
}

export function sendError(
  reply: FastifyReply,
  statusCode: number,
  message: string,
  details?: FieldProblem[],
) {
  dropUnwritableHeaders(reply);
  const body: ErrorBody = { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message };
  if (details?.length) body.details = details;
  return reply.code(statusCode).type('application/json; charset=utf-8').send(body);
}

/**
 * Turns zod's path (`/filter[isActive]`, `/items/0/name`) into the field names a client recognises: one per
 * key a strict object does not know (issue 31 §3), otherwise the path itself.
 */
function fieldNames(context: string | undefined, instancePath: string, params: Record<string, unknown>) {
  const path = instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
  const unknownKeys = params.keys;
  if (Array.isArray(unknownKeys) && unknownKeys.length) {
    return unknownKeys.map((key) => (path ? `${path}.${String(key)}` : String(key)));
  }
  return [path || context || 'request'];
}

/**
 * What may be logged of an unexpected error: its type, code and stack frames. Not its message (a
 * database error quotes the values it choked on: an e-mail, a name), which is also the stack's first line.
 */
export function loggableError(error: Error & { code?: unknown }) {
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
  return { type: error.name, ...(typeof error.code === 'string' ? { code: error.code } : {}), stack: frames };
}

const UNAVAILABLE_LOG_EVERY_MS = 5000;

function databaseErrorSummary(error: Error & { code?: unknown }) {
  return { type: error.name, ...(typeof error.code === 'string' ? { code: error.code } : {}) };
}

/** One error handler: every error body is {statusCode, error, message}, plus details on 400 and 422. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  // Text PostgreSQL cannot keep as sent (NUL, unpaired surrogates) is refused on every route before its
  // schema runs, naming the field: path parameters, query, and JSON or form bodies. (Multipart fields are
  // read by their routes, which apply the same rule.)
  app.addHook('preValidation', async (request, reply) => {
    for (const [context, value] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      const field = findUnsafeText(value);
      if (field !== undefined) {
        return sendError(reply, 400, `Invalid ${context}: ${field}`, [
          { field, message: UNSAFE_TEXT_MESSAGE },
        ]);
      }
    }
  });

  // While the database is down every request fails alike: one line every few seconds says so, with how
  // many 503s were answered since the last.
  let lastUnavailableLog = 0;
  let unavailableAnswers = 0;

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = error.validationContext;
      const details = error.validation.flatMap((problem) => {
        const params = problem.params as Record<string, unknown>;
        const names = fieldNames(context, problem.instancePath, params);
        // An unknown field's detail names the field alone: zod's own message quotes every unknown key.
        const message = problem.message?.startsWith('Unrecognized key')
          ? 'is not a known field'
          : problem.message;
        return names.map((field) => ({ field, message: message ?? 'is invalid' }));
      });
      const fields = [...new Set(details.map((detail) => detail.field))].join(', ');
      return sendError(reply, 400, `Invalid ${context ?? 'request'}: ${fields}`, details);
    }
    // A permission the domain rules deny: CASL's message is SPEC §6's ('Cannot execute "…" on "…"').
    if (error instanceof ForbiddenError) {
      return sendError(reply, 403, error.message);
    }
    if (error instanceof HttpError) {
      if (error instanceof ServiceUnavailableError)
        reply.header('Retry-After', String(error.retryAfterSeconds));
      return sendError(reply, error.statusCode, error.message, error.details);
    }
    // The database is down or restarting: a moment's wait, not a failure. Its type and code are logged,
    // never its message (which may quote values).
    if (isDatabaseUnavailable(error)) {
      unavailableAnswers++;
      if (Date.now() - lastUnavailableLog >= UNAVAILABLE_LOG_EVERY_MS) {
        request.log.warn(
          { err: databaseErrorSummary(error), answered503: unavailableAnswers },
          'database unavailable',
        );
        lastUnavailableLog = Date.now();
        unavailableAnswers = 0;
      }
      reply.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return sendError(reply, 503, DATABASE_UNAVAILABLE_MESSAGE);
    }
    // The document store (S3) is unreachable or refuses us: as for the database, a 503 to retry; its type
    // and code are logged (its message names the bucket and address, never a document).
    if (error instanceof ObjectStoreError) {
      request.log.warn({ err: databaseErrorSummary(error) }, 'document storage unavailable');
      reply.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return sendError(reply, 503, DATABASE_UNAVAILABLE_MESSAGE);
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
      request.log.error({ err: loggableError(error) }, 'request failed');
      return sendError(reply, statusCode, 'Internal server error');
    }
    // Fastify's own 4xx errors (malformed JSON, wrong media type, body too large) carry a safe message.
    return sendError(reply, statusCode, error.message);
  });
});
