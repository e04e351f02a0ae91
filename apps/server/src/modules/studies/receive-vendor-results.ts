import {
  summarizeAbpmReadings,
  type VendorCallbackAnswer,
  type WcdStudyResults,
  wcdStudyResultsSchema,
} from '@portal/domain';
import { z } from 'zod';
import { type Db, inTransaction, type Tx } from '../../db/transaction';
import { BadRequestError, ConflictError, NotFoundError, UnprocessableError } from '../../http/errors';
import type { IngestContext } from '../documents/ingest-document';
import { enqueueVendorWork } from '../vendor-outbox/vendor-outbox.repository';
import { recordStudyResults, StudyClosedError } from './record-study-results';
import {
  findStudyByVendorReference,
  findVendorDelivery,
  rememberVendorDelivery,
  type StudyListRow,
} from './studies.repository';
import { STUDY_VENDOR_WORK } from './study-vendor-work';

// A vendor's calls to the portal (VENDOR_PROTOCOLS.md), after the signature was checked. A delivery id
// taken before answers as before and changes nothing; results for a study that already has its document
// find that document: one document per study, however often the vendor sends.

/**
 * A vendor's delivery: its id (required and signed, issue 31 §3) and the SHA-256 of its body as sent. A
 * delivery id or a body taken before answers as before and does no new work, whatever else differs.
 */
export type Delivery = {
  vendor: 'zoll' | 'infobionic' | 'biobeat';
  deliveryId: string | undefined;
  bodySha256?: string | undefined;
};

/** The keys a delivery is remembered by in vendor_callbacks: its id, and its body's hash. */
function deliveryKeys(delivery: Delivery): string[] {
  return [
    ...(delivery.deliveryId ? [delivery.deliveryId] : []),
    ...(delivery.bodySha256 ? [`body-sha256:${delivery.bodySha256}`] : []),
  ];
}

async function alreadyTaken(db: Db, delivery: Delivery): Promise<VendorCallbackAnswer | null> {
  for (const key of deliveryKeys(delivery)) {
    const taken = await findVendorDelivery(db, delivery.vendor, key);
    if (taken)
      return { accepted: true, studyId: taken.studyId, documentId: taken.documentId, duplicate: true };
  }
  return null;
}

/** Remembers every key of the delivery; false when one of them was taken already (a replay racing it). */
async function rememberKeys(tx: Tx, delivery: Delivery, studyId: string, documentId: string | null) {
  let fresh = true;
  for (const key of deliveryKeys(delivery)) {
    const inserted = await rememberVendorDelivery(tx, {
      vendor: delivery.vendor,
      deliveryId: key,
      studyId,
      documentId,
    });
    fresh &&= inserted;
  }
  return fresh;
}

async function remember(db: Db, delivery: Delivery, studyId: string, documentId: string | null) {
  if (deliveryKeys(delivery).length === 0) return;
  await inTransaction(db, (tx) => rememberKeys(tx, delivery, studyId, documentId));
}

function studyOf(study: StudyListRow | undefined): StudyListRow {
  if (!study) throw new NotFoundError('Study');
  return study;
}

async function takeResults(
  context: IngestContext,
  delivery: Delivery,
  study: StudyListRow,
  results: Parameters<typeof recordStudyResults>[2],
): Promise<VendorCallbackAnswer> {
  try {
    const recorded = await recordStudyResults(context, study.id, results);
    await remember(context.db, delivery, study.id, recorded.documentId);
    return {
      accepted: true,
      studyId: study.id,
      documentId: recorded.documentId,
      duplicate: recorded.duplicate,
    };
  } catch (error) {
    if (error instanceof StudyClosedError)
      throw new ConflictError(`The study is ${error.status} and takes no results.`, [
        { field: 'status', message: `is ${error.status}` },
      ]);
    // A PDF the portal does not take (issue 29 §2: damaged, a page that does not draw): named as the vendor sent it.
    if (error instanceof UnprocessableError && error.details?.[0]?.field === 'file')
      throw new UnprocessableError(error.message, [{ field: 'pdfBase64', message: error.message }]);
    throw error;
  }
}

/**
 * POST /api/vendors/zoll/study-events: Zoll says a study changed. The portal reads the study's state from
 * Zoll through the outbox (so a crash loses nothing) rather than trusting the order updates arrive in.
 */
export async function receiveZollStudyEvent(
  db: Db,
  delivery: Delivery,
  event: { studyId: string; orderId: string },
): Promise<VendorCallbackAnswer> {
  const earlier = await alreadyTaken(db, delivery);
  if (earlier) return earlier;
  const study = studyOf(await findStudyByVendorReference(db, 'sleep', event.studyId));
  if (study.id !== event.orderId)
    throw new UnprocessableError('The orderId is not the study Zoll was sent', [
      { field: 'orderId', message: 'does not match the study' },
    ]);
  const sync = STUDY_VENDOR_WORK.sleep.sync;
  return inTransaction(db, async (tx) => {
    const fresh = await rememberKeys(tx, delivery, study.id, null);
    if (fresh)
      await enqueueVendorWork(tx, {
        kind: sync,
        clinicNpi: study.clinicNpi,
        subjectId: study.id,
        idempotencyKey: `${sync}:${study.id}:${delivery.deliveryId ?? Date.now()}`,
      });
    return { accepted: true, studyId: study.id, documentId: study.documentId, duplicate: !fresh };
  });
}

/** POST /api/vendors/biobeat/abpm-results: a session's readings and PDF become the study's document. */
export async function receiveBiobeatResults(
  context: IngestContext,
  delivery: Delivery,
  body: {
    sessionId: string;
    externalId: string;
    readings: {
      at: string;
      period: 'day' | 'night';
      systolic: number;
      diastolic: number;
      heartRate: number | null;
    }[];
    pdfBase64: string;
  },
): Promise<VendorCallbackAnswer> {
  const earlier = await alreadyTaken(context.db, delivery);
  if (earlier) return earlier;
  const study = studyOf(await findStudyByVendorReference(context.db, 'abpm', body.sessionId));
  if (study.id !== body.externalId)
    throw new UnprocessableError('The externalId is not the study Biobeat was sent', [
      { field: 'externalId', message: 'does not match the study' },
    ]);
  const summary = summarizeAbpmReadings(body.readings);
  const last = body.readings
    .map((reading) => reading.at)
    .sort()
    .at(-1) as string;
  return takeResults(context, delivery, study, {
    results: { suite: 'abpm', ...summary },
    pdf: new Uint8Array(Buffer.from(body.pdfBase64, 'base64')),
    completedAt: new Date(last),
  });
}

const wcdResultsSchema = wcdStudyResultsSchema.omit({ suite: true });

/**
 * POST /api/reports/wcd from InfoBionic (signed): the results of the study named by
 * `attributes.studyReference` (the enrollment id) become its document.
 */
export async function receiveWcdResults(
  context: IngestContext,
  delivery: Delivery,
  body: { attributes: Record<string, string | number | boolean>; results?: unknown; pdfBase64: string },
): Promise<VendorCallbackAnswer> {
  const earlier = await alreadyTaken(context.db, delivery);
  if (earlier) return earlier;
  const reference = body.attributes.studyReference;
  if (typeof reference !== 'string' || reference === '')
    throw new BadRequestError('A study reference is required', [
      { field: 'attributes.studyReference', message: 'is required' },
    ]);
  const results = wcdResultsSchema.safeParse(body.results);
  if (!results.success)
    throw new BadRequestError(
      'Invalid study results',
      results.error.issues.map((issue) => ({
        field: ['results', ...issue.path].join('.'),
        message: issue.message,
      })),
    );
  const study = studyOf(await findStudyByVendorReference(context.db, 'wcd', reference));
  const dos = z.iso.datetime({ offset: true }).safeParse(body.attributes.dos);
  const wcd: WcdStudyResults = { suite: 'wcd', ...results.data };
  return takeResults(context, delivery, study, {
    results: wcd,
    pdf: new Uint8Array(Buffer.from(body.pdfBase64, 'base64')),
    completedAt: dos.success ? new Date(dos.data) : new Date(),
  });
}
