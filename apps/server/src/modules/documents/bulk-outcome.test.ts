import { assertCan } from '@portal/domain';
import { describe, expect, it, vi } from 'vitest';
import { HttpError, NotFoundError, UnprocessableError } from '../../http/errors';
import { type BulkLog, isExpectedRefusal, settleBulkItem, settleBulkItems } from './bulk-outcome';
import { DocumentStateError } from './document-state-error';

const REPORT_ID = '6f1c1f0e-3b1a-4a57-9d0e-2f4f8f2b7c11';

function fakeLog() {
  const error = vi.fn();
  return { log: { error } as unknown as BulkLog, error };
}

function casl403(): unknown {
  try {
    assertCan({ roles: [] }, 'document:sign', '1000000002');
  } catch (error) {
    return error;
  }
  throw new Error('expected the domain to refuse');
}

describe('settleBulkItem: one document of a bulk operation answers {reportId, success}', () => {
  it('a document that went through answers success, and nothing is logged', async () => {
    const { log, error } = fakeLog();
    const result = await settleBulkItem({ log, operation: 'bulk-sign' }, REPORT_ID, async () => 'done');
    expect(result).toEqual({ reportId: REPORT_ID, success: true });
    expect(error).not.toHaveBeenCalled();
  });

  it.each([
    ['not visible (404)', () => new NotFoundError('Document')],
    ['not permitted (the domain’s denial)', casl403],
    ['not permitted (403)', () => new HttpError(403, 'Bulk signing is off at this clinic')],
    ['its state (409)', () => new DocumentStateError('Only unsigned documents can be signed', [])],
    ['its clinic (422)', () => new UnprocessableError('The assignee does not work at this clinic', [])],
  ])('a refusal for %s answers success:false and is not logged', async (_reason, refusal) => {
    const { log, error } = fakeLog();
    const result = await settleBulkItem({ log, operation: 'reassign' }, REPORT_ID, async () => {
      throw refusal();
    });
    expect(result).toEqual({ reportId: REPORT_ID, success: false });
    expect(error).not.toHaveBeenCalled();
  });

  it('a database outage answers success:false too, but is logged with its type, code and the document id', async () => {
    const { log, error } = fakeLog();
    const outage = Object.assign(new Error('connect ECONNREFUSED; patient Jane Roe'), {
      name: 'DatabaseError',
      code: 'ECONNREFUSED',
    });
    const result = await settleBulkItem({ log, operation: 'trash' }, REPORT_ID, async () => {
      throw outage;
    });
    expect(result).toEqual({ reportId: REPORT_ID, success: false });
    expect(error).toHaveBeenCalledTimes(1);
    const [fields, message] = error.mock.calls[0] as [Record<string, unknown>, string];
    expect(fields).toMatchObject({
      operation: 'trash',
      reportId: REPORT_ID,
      err: { type: 'DatabaseError', code: 'ECONNREFUSED' },
    });
    expect(message).toMatch(/unexpected/);
    // The message may quote PHI: it never reaches the log.
    expect(JSON.stringify(error.mock.calls)).not.toContain('Jane Roe');
  });

  it('a 500 HttpError or a thrown non-error is unexpected as well', async () => {
    const { log, error } = fakeLog();
    expect(isExpectedRefusal(new HttpError(500, 'stamping failed'))).toBe(false);
    await settleBulkItem({ log, operation: 'bulk-update-note' }, REPORT_ID, () => Promise.reject('boom'));
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ err: { type: 'string' }, reportId: REPORT_ID }),
      expect.any(String),
    );
  });
});

describe('settleBulkItems: each id in turn, one failure never stops the rest', () => {
  it('answers every id in order, logging only the unexpected failure', async () => {
    const { log, error } = fakeLog();
    const seen: string[] = [];
    const results = await settleBulkItems({ log, operation: 'bulk-sign' }, ['a', 'b', 'c'], async (id) => {
      seen.push(id);
      if (id === 'a') throw new NotFoundError('Document');
      if (id === 'b') throw new TypeError('a bug');
    });
    expect(seen).toEqual(['a', 'b', 'c']);
    expect(results).toEqual([
      { reportId: 'a', success: false },
      { reportId: 'b', success: false },
      { reportId: 'c', success: true },
    ]);
    expect(error).toHaveBeenCalledTimes(1);
    expect(error.mock.calls[0]?.[0]).toMatchObject({ reportId: 'b', err: { type: 'TypeError' } });
  });
});
