import { type BulkResult, ForbiddenError } from '@portal/domain';
import type { FastifyBaseLogger } from 'fastify';
import { HttpError } from '../../http/errors';
import { loggableError } from '../../plugins/error-handler';

/** Where a bulk operation reports a document that failed for a reason nobody refused it for. */
export type BulkLog = Pick<FastifyBaseLogger, 'error'>;

// What a document may be refused for on purpose: not visible (404), not permitted (403, or the domain's
// CASL denial), its state (409) or the input at its clinic (422).
const REFUSAL_STATUS_CODES: ReadonlySet<number> = new Set([403, 404, 409, 422]);

export function isExpectedRefusal(error: unknown): boolean {
  if (error instanceof ForbiddenError) return true;
  return error instanceof HttpError && REFUSAL_STATUS_CODES.has(error.statusCode);
}

/**
 * Runs one document's part of a bulk operation and answers {reportId, success}. A refusal answers
 * success:false like before; anything else (the database gone, a bug, storage failing) answers
 * success:false too, so the documents already done keep their answers, but is logged first, so an
 * outage never passes for "not allowed". The log names the error's type and code and the document id:
 * never the message, which may quote PHI.
 */
export async function settleBulkItem(
  context: { log: BulkLog; operation: string },
  reportId: string,
  attempt: () => Promise<unknown>,
): Promise<BulkResult> {
  try {
    await attempt();
    return { reportId, success: true };
  } catch (error) {
    if (!isExpectedRefusal(error)) {
      context.log.error(
        {
          err: error instanceof Error ? loggableError(error) : { type: typeof error },
          operation: context.operation,
          reportId,
        },
        'bulk operation failed on a document for an unexpected reason',
      );
    }
    return { reportId, success: false };
  }
}

/** Settles each id in turn (one transaction each, in `attempt`), so one failure never undoes another. */
export async function settleBulkItems(
  context: { log: BulkLog; operation: string },
  ids: readonly string[],
  attempt: (id: string) => Promise<unknown>,
): Promise<BulkResult[]> {
  const results: BulkResult[] = [];
  for (const id of ids) results.push(await settleBulkItem(context, id, () => attempt(id)));
  return results;
}
