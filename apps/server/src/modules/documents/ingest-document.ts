import { createHash } from 'node:crypto';
import { assertCan, clinicsWherePermitted, documentDeadlinesOf, isAlertDocumentType } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import { type Db, inTransaction, type Tx } from '../../db/transaction';
import { NotFoundError, UnprocessableError } from '../../http/errors';
import { recordAuditEvent } from '../audit/record-audit-event';
import { loadClinicConfiguration } from '../clinics/load-clinic-configuration';
import { notifyNewAlert } from '../notifications/document-notifications';
import { clinicPatientKey, ensurePatientsForDocuments } from '../patients/ensure-patients-for-documents';
import { publishDocumentsChanged } from '../realtime/publish-documents-changed';
import { findUnlockedUsersByNpi } from '../users/users.repository';
import { insertDocument } from './documents.repository';
import type { IngestFields } from './ingest.schemas';
import { inspectPdf } from './pdf/inspect-pdf';
import type { PdfParserPool } from './pdf/pdf-parser-pool';
import type { DocumentStorage } from './storage/file-storage';

/**
 * Issue 29 §1: the identity an uploaded printout carries, checked against the patient it is attached to
 * (given by the device-data module, which reads printouts). Throws a 422 naming `printoutConfirmation` when
 * the printout names someone else and no confirmation was given; otherwise answers what to record in the
 * document's transaction (the confirmation with both identities), or nothing.
 */
export type AttachedPrintoutCheck = (input: {
  actorId: string;
  fields: IngestFields;
  pdf: Uint8Array;
}) => Promise<((tx: Tx, documentId: string) => Promise<void>) | undefined>;

export type IngestContext = {
  db: Db;
  storage: DocumentStorage;
  maxPdfBytes: number;
  pdfChecks: { timeoutMs: number; maxInflatedBytes: number };
  /** The app's pool of PDF-checking workers, shared fairly between callers. */
  pdfParserPool: PdfParserPool;
  /** Where given, a device report's printout must name the patient it is attached to (issue 29 §1). */
  checkAttachedPrintout?: AttachedPrintoutCheck | undefined;
};

/** Who a new document goes to (issue 6): the clinic's assignment settings, then the ordering physician. */
async function chooseAssignee(db: Db, fields: IngestFields, settings: Record<string, { enabled: boolean }>) {
  const isAlert = isAlertDocumentType(fields.type);
  if (!isAlert && settings.assignReportsToUnassigned?.enabled) return null;
  if (!fields.physicianNpi) return null;
  if (isAlert && !settings.assignAlertsToPrimary?.enabled) return null;
  const physician = await findUnlockedUsersByNpi(db, fields.physicianNpi);
  const atClinic = physician.find((user) =>
    user.roles.some((grant) => grant.clinicNPI === fields.clinicNpi && grant.role === 'provider'),
  );
  return atClinic?.id ?? null;
}

/** An upload checked and stored, ready to be written as a document in a transaction. */
export type PreparedDocument = {
  fields: IngestFields;
  pageCount: number;
  removedActiveContent: string[];
  /** What had to be repaired to open the uploaded file (issue 29 §2); recorded in the 'created' event. */
  repairs: string[];
  stored: { sha256: string; size: number };
  uploadedSha256: string;
  assignedTo: string | null;
  /** When its review is due, and when it escalates (issue 17), by the clinic's windows. */
  deadlines: { dueAt: Date; halfDueAt: Date; twiceDueAt: Date };
  /** Issue 29 §1: the confirmation of a printout naming someone else, recorded with the document. */
  recordPrintoutConfirmation?: ((tx: Tx, documentId: string) => Promise<void>) | undefined;
};

/**
 * Stores an uploaded PDF and creates its document. The bytes are checked first (a PDF, within the size
 * limit, not encrypted, not inflating past the bound, parseable): bad input stores no row and no file.
 * What is stored is the checked file rewritten without active content (scripts, launch actions, embedded
 * files, XFA); the 'created' event records what was removed and the SHA-256 of the bytes as uploaded.
 * Throws PdfChecksBusyError (503) when the actor's share of the PDF checks, or the queue, is full.
 */
export async function ingestDocument(
  context: IngestContext,
  actor: Actor,
  fields: IngestFields,
  pdf: Uint8Array,
) {
  const scope = clinicsWherePermitted(actor.user, 'document:ingest');
  if (scope !== 'all' && !scope.includes(fields.clinicNpi)) throw new NotFoundError('Clinic');
  assertCan(actor.user, 'document:ingest', fields.clinicNpi);
  const prepared = await prepareIngestedDocument(context, actor, fields, pdf);
  return inTransaction(context.db, (tx) => writeIngestedDocument(tx, actor, prepared));
}

/**
 * The part of an ingest before its transaction: the PDF checked (422 naming 'file' when it is not one the
 * portal takes), its assignee chosen and the checked bytes stored. The caller has checked access.
 */
export async function prepareIngestedDocument(
  context: IngestContext,
  actor: Pick<Actor, 'id'>,
  fields: IngestFields,
  pdf: Uint8Array,
): Promise<PreparedDocument> {
  const inspection = await inspectPdf(pdf, {
    maxBytes: context.maxPdfBytes,
    maxInflatedBytes: context.pdfChecks.maxInflatedBytes,
    timeoutMs: context.pdfChecks.timeoutMs,
    caller: actor.id,
    pool: context.pdfParserPool,
  });
  if (!inspection.ok) {
    throw new UnprocessableError(inspection.message, [{ field: 'file', message: inspection.message }]);
  }
  // A printout naming another patient is refused before anything is stored, unless confirmed.
  const recordPrintoutConfirmation = await context.checkAttachedPrintout?.({
    actorId: actor.id,
    fields,
    pdf: inspection.bytes,
  });
  const configuration = await loadClinicConfiguration(context.db, fields.clinicNpi);
  const assignedTo = await chooseAssignee(context.db, fields, configuration.settings);
  const stored = await context.storage.put(inspection.bytes);
  return {
    fields,
    pageCount: inspection.pageCount,
    removedActiveContent: inspection.removedActiveContent,
    repairs: inspection.repairs,
    stored,
    uploadedSha256: createHash('sha256').update(pdf).digest('hex'),
    assignedTo,
    deadlines: documentDeadlinesOf(configuration.settings, { alert: fields.alert ?? null }, new Date()),
    recordPrintoutConfirmation,
  };
}

/** Writes a prepared document in the caller's transaction: its patient, row, audit and realtime events. */
export async function writeIngestedDocument(
  tx: Tx,
  actor: Pick<Actor, 'id'>,
  prepared: PreparedDocument,
): Promise<string> {
  const { fields, stored, assignedTo } = prepared;
  const dos = new Date(fields.dos);
  const { deviceDetail, metadata, cptCodes, icd10Codes, printoutConfirmation: _reason, ...rest } = fields;
  // The document belongs to its clinic's patient with this patient id, created if new (issue 13 §3).
  const { refs } = await ensurePatientsForDocuments(
    tx,
    [
      {
        clinicNpi: fields.clinicNpi,
        patientId: fields.patientId,
        patientFirstName: fields.patientFirstName,
        patientLastName: fields.patientLastName,
        patientDob: fields.patientDob ?? null,
        device: fields.device ?? null,
        deviceDetail: deviceDetail ?? null,
        physicianNpi: fields.physicianNpi ?? null,
      },
    ],
    { actorId: actor.id, note: 'document ingest' },
  );
  const row = await insertDocument(tx, {
    ...rest,
    patientRef: refs.get(clinicPatientKey(fields.clinicNpi, fields.patientId)) ?? null,
    dos,
    dosKey: -dos.getTime(),
    assignedTo,
    deviceDetail: deviceDetail ? JSON.stringify(deviceDetail) : null,
    metadata: JSON.stringify({ ...metadata, pageCount: prepared.pageCount }),
    cptCodes: cptCodes ?? [],
    icd10Codes: icd10Codes ?? [],
    status: fields.isDraft ? 'draft' : 'unsigned',
    originalSha256: stored.sha256,
    ...prepared.deadlines,
  });
  await recordAuditEvent(tx, {
    clinicNpi: row.clinicNpi,
    entityType: 'document',
    entityId: row.id,
    eventType: 'created',
    actorId: actor.id,
    after: {
      type: row.type,
      status: row.status,
      assignedTo,
      originalSha256: stored.sha256,
      size: stored.size,
      uploadedSha256: prepared.uploadedSha256,
      removedActiveContent: prepared.removedActiveContent,
      ...(prepared.repairs.length > 0 ? { repairs: prepared.repairs } : {}),
    },
  });
  await prepared.recordPrintoutConfirmation?.(tx, row.id);
  await publishDocumentsChanged(tx, { clinicNpi: row.clinicNpi, ids: [row.id], eventType: 'created' });
  if (row.alert && row.status === 'unsigned')
    await notifyNewAlert(tx, { document: row, alertLevel: row.alert });
  return row.id;
}
