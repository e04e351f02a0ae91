import { createHash } from 'node:crypto';
import {
  comparePrintoutIdentity,
  type PatientIdentity,
  PRINTOUT_IDENTITY_FIELD_LABELS,
  type PrintoutIdentityComparison,
  type PrintoutIdentityField,
  printoutIdentityDifferences,
} from '@portal/domain';
import type { Db } from '../../../db/transaction';
import { UnprocessableError } from '../../../http/errors';
import type { IngestFields } from '../../documents/ingest.schemas';
import type { AttachedPrintoutCheck } from '../../documents/ingest-document';
import { PdfChecksBusyError } from '../../documents/pdf/pdf-parser-pool';
import { findPatientByPatientId } from '../../patients/patients.repository';
import { type PdfScrapePool, PdfScrapesBusyError } from '../pdf-scrape/pdf-scrape-pool';
import { patientIdentityOf } from './patient-identity-of';
import { PRINTOUT_CONFIRMATION_FIELD, recordPrintoutConfirmation } from './settle-printout-identity';

const PRINTOUT_NOT_READ =
  'The PDF could not be read in time to check whose report it is; it may be damaged or too complex.';

/** The service line of device reports: interrogation printouts are CRM documents. */
const PRINTOUT_SERVICE_LINE = 'crm';

/** 422: the printout names another patient (the fields that differ), and no confirmation came with it. */
export class PrintoutIdentityMismatchError extends UnprocessableError {
  readonly differences: readonly PrintoutIdentityField[];

  constructor(differences: readonly PrintoutIdentityField[]) {
    const named = differences.map((field) => PRINTOUT_IDENTITY_FIELD_LABELS[field].toLowerCase()).join(', ');
    super(
      `The printout names another patient (its ${named} differ from this patient’s): confirm that it belongs to this patient, with a reason`,
      [
        {
          field: PRINTOUT_CONFIRMATION_FIELD,
          message: `is required: the printout’s ${named} differ from this patient’s`,
        },
        ...differences.map((field) => ({
          field: `printout.${field}`,
          message: `differs from this patient’s ${PRINTOUT_IDENTITY_FIELD_LABELS[field].toLowerCase()}`,
        })),
      ],
    );
    this.differences = differences;
  }
}

/** The patient a document with these fields is attached to: the clinic's patient with its id, or as given. */
async function patientOfDocument(db: Db, fields: IngestFields): Promise<PatientIdentity> {
  const patient = await findPatientByPatientId(db, fields.clinicNpi, fields.patientId);
  if (patient) return patientIdentityOf(patient);
  // A patient the upload creates: the identity it gives.
  return {
    firstName: fields.patientFirstName,
    lastName: fields.patientLastName,
    patientId: fields.patientId,
    dob: fields.patientDob ?? null,
    deviceModel: fields.deviceDetail?.modelName ?? null,
    serial: fields.deviceDetail?.serialNumber ?? null,
  };
}

/**
 * Issue 29 §1 for printouts attached without the device check page: a CRM document uploaded with a patient
 * id, and a device session's embedded report. The printout's identity is read (as the PDF reading does)
 * and compared with the patient's (the same comparison); a name, serial, id or date of birth that the
 * printout shows and that differs refuses it with a 422 naming `printoutConfirmation`, unless the fields
 * carry that confirmation: then it is audited with both identities in the document's transaction. Only
 * the first pages' text is read (where printouts print who they are); a PDF whose text is not read in
 * time is refused (422 naming 'file'), never attached unchecked.
 */
export function attachedPrintoutCheck(context: { db: Db; pool: PdfScrapePool }): AttachedPrintoutCheck {
  return async ({ actorId, fields, pdf }) => {
    if (fields.serviceLine !== PRINTOUT_SERVICE_LINE) return undefined;
    const [run, patient] = await Promise.all([
      context.pool.scrape(actorId, pdf, { identityOnly: true }).catch((error: unknown) => {
        if (error instanceof PdfScrapesBusyError)
          throw new PdfChecksBusyError('caller', error.retryAfterSeconds);
        throw error;
      }),
      patientOfDocument(context.db, fields),
    ]);
    // Not read in time (the PDF check's time, for two pages' text): refused as a PDF too slow to check is,
    // rather than attached unchecked.
    if (run.reason === 'too-slow')
      throw new UnprocessableError(PRINTOUT_NOT_READ, [{ field: 'file', message: PRINTOUT_NOT_READ }]);
    const comparison: PrintoutIdentityComparison = comparePrintoutIdentity(run.identity, patient);
    const differences = printoutIdentityDifferences(comparison);
    if (differences.length === 0) return undefined;
    const reason = fields.printoutConfirmation;
    if (!reason) throw new PrintoutIdentityMismatchError(differences);
    const check = {
      comparison,
      needsConfirmation: true,
      printoutSha256: createHash('sha256').update(pdf).digest('hex'),
    };
    return (tx, documentId) =>
      recordPrintoutConfirmation(tx, { clinicNpi: fields.clinicNpi, documentId, actorId, check, reason });
  };
}
