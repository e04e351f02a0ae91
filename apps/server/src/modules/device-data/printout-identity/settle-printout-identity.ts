import type { PrintoutIdentityComparison } from '@portal/domain';
import type { Db, Tx } from '../../../db/transaction';
import { BadRequestError, UnprocessableError } from '../../../http/errors';
import { recordAuditEvent } from '../../audit/record-audit-event';
import { findPrintoutIdentityCheck, type PrintoutIdentityCheck } from './printout-identity-checks.repository';

export type PrintoutClaim = {
  /** The identity check the PDF reading made (the pdf-scrape answer's identity.checkId). */
  checkId: string | undefined;
  /** The technician's reason for "this printout belongs to this patient"; needed when the check says so. */
  confirmation: string | undefined;
  /** Whether values from the printout are being used (then the check is required). */
  usesPrintout: boolean;
};

export const PRINTOUT_CHECK_FIELD = 'printoutCheckId';
export const PRINTOUT_CONFIRMATION_FIELD = 'printoutConfirmation';

/**
 * Issue 29 §1, before anything is written: a printout attached to a patient must have had its identity
 * checked against that patient, and an identity that differs (or is not on the printout) must be confirmed
 * with a reason. 400 when the check is missing, 422 naming the field when it is another patient's or the
 * confirmation is missing. Returns the check, or undefined when no printout is involved.
 */
export async function settlePrintoutIdentity(
  db: Db,
  scope: { clinicNpi: string; patientRef: string },
  claim: PrintoutClaim,
): Promise<PrintoutIdentityCheck | undefined> {
  if (!claim.checkId) {
    if (claim.usesPrintout)
      throw new BadRequestError('Values read from a printout need the printout’s identity check', [
        { field: PRINTOUT_CHECK_FIELD, message: 'is required when values come from a PDF' },
      ]);
    return undefined;
  }
  const check = await findPrintoutIdentityCheck(db, scope, claim.checkId);
  if (!check)
    throw new UnprocessableError('The printout’s identity check was not made for this patient', [
      { field: PRINTOUT_CHECK_FIELD, message: 'names no identity check of this patient’s printout' },
    ]);
  if (check.needsConfirmation && !claim.confirmation)
    throw new UnprocessableError(
      'The printout’s identity does not match this patient: confirm that it belongs to this patient, with a reason',
      [
        {
          field: PRINTOUT_CONFIRMATION_FIELD,
          message: 'is required: the printout’s name or serial does not match this patient, or is not on it',
        },
      ],
    );
  return check;
}

/**
 * In the caller's transaction: when the technician confirmed a printout whose identity differed, the
 * confirmation with both identities and the reason, on the document the printout went into.
 */
export async function recordPrintoutConfirmation(
  tx: Tx,
  event: {
    clinicNpi: string;
    documentId: string;
    actorId: string;
    /** The device check's kept check, or (an upload's printout) the comparison alone. */
    check:
      | (Pick<PrintoutIdentityCheck, 'comparison' | 'needsConfirmation' | 'printoutSha256'> & { id?: string })
      | undefined;
    reason: string | undefined;
  },
): Promise<void> {
  const { check } = event;
  if (!check?.needsConfirmation || !event.reason) return;
  const comparison: PrintoutIdentityComparison = check.comparison;
  await recordAuditEvent(tx, {
    clinicNpi: event.clinicNpi,
    entityType: 'document',
    entityId: event.documentId,
    eventType: 'printout_identity_confirmed',
    actorId: event.actorId,
    note: event.reason,
    before: { printout: comparison.printout, printoutSha256: check.printoutSha256 },
    after: {
      patient: comparison.patient,
      verdicts: comparison.verdicts,
      ...(check.id === undefined ? {} : { checkId: check.id }),
    },
  });
}
