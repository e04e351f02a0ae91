import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PdfChecksBusyError, PdfParserPool, PdfParserUnavailableError } from './pdf-parser-pool';
import { buildDeflateBombPdf, buildDemoReport } from './test-support/sample-pdfs';

const GiB = 1024 * 1024 * 1024;
/** An object stream of 128 MB of spaces, under the bound given below: pdf-lib takes a second or more on it. */
const slowFile = buildDeflateBombPdf(128);
const check = (pool: PdfParserPool, caller: string, bytes: Uint8Array) =>
  pool.check(bytes, { caller, maxPages: 2000, maxInflatedBytes: GiB });

describe('the pool of PDF-checking workers', () => {
  let report: Uint8Array;
  let pool: PdfParserPool | undefined;
  beforeAll(async () => {
    report = await buildDemoReport({ pageCount: 5 });
  });
  afterEach(async () => {
    await pool?.close();
  });

  it('refuses a caller beyond its share with 503 and a Retry-After, while checking someone else’s file', async () => {
    pool = new PdfParserPool({ perCaller: 2, queueLimit: 10, timeoutMs: 20_000 });
    const flood = [check(pool, 'flooder', slowFile), check(pool, 'flooder', slowFile)];
    const refused = check(pool, 'flooder', slowFile);
    await expect(refused).rejects.toBeInstanceOf(PdfChecksBusyError);
    await expect(refused).rejects.toMatchObject({ statusCode: 503, retryAfterSeconds: 20 });

    // The other caller's report is read by the worker the flooder may not take, before the flood is done.
    const order: string[] = [];
    const legitimate = check(pool, 'nurse', report).then((outcome) => {
      order.push('report');
      return outcome;
    });
    const flooded = Promise.all(flood).then((outcomes) => {
      order.push('flood');
      return outcomes;
    });
    expect(await legitimate).toMatchObject({ kind: 'ok', pageCount: 5 });
    await flooded;
    expect(order).toEqual(['report', 'flood']);
    // Two 128 MB inflations take seconds, and over 30 s on a busy 2-core machine; what is tested is the
    // order, not the time.
  }, 120_000);

  it('refuses anyone once the queue is full', async () => {
    // A time limit a busy machine's worker start and parse stay well inside; it also sets the Retry-After.
    pool = new PdfParserPool({ perCaller: 5, queueLimit: 1, timeoutMs: 10_000 }, 1);
    // Admission is decided when a check is asked for: one runs, one waits, and the queue is full.
    const admitted = [check(pool, 'a', report), check(pool, 'b', report)];
    await expect(check(pool, 'c', report)).rejects.toMatchObject({
      statusCode: 503,
      retryAfterSeconds: 10,
      message: 'The server is checking too many PDFs; try again in 10 s.',
    });
    expect(await Promise.all(admitted)).toMatchObject([{ kind: 'ok' }, { kind: 'ok' }]);
    expect(await check(pool, 'c', report)).toMatchObject({ kind: 'ok' });
  });

  it('stops its workers when closed, and checks nothing more', async () => {
    pool = new PdfParserPool({ perCaller: 2, queueLimit: 2, timeoutMs: 20_000 });
    expect(await check(pool, 'a', report)).toMatchObject({ kind: 'ok' });
    await pool.close();
    await expect(check(pool, 'a', report)).rejects.toBeInstanceOf(PdfParserUnavailableError);
  });
});
