import { createHash } from 'node:crypto';
import {
  assertCan,
  comparePrintoutIdentity,
  PDF_SCRAPE_REASON_MESSAGES,
  type PdfScrapeResponse,
  type PrintoutIdentity,
} from '@portal/domain';
import type { Actor } from '../../../auth/actor';
import type { Db } from '../../../db/transaction';
import { loadClinicConfiguration } from '../../clinics/load-clinic-configuration';
import { getPatientInScope } from '../../patients/patient-scope';
import { patientIdentityOf } from '../printout-identity/patient-identity-of';
import { insertPrintoutIdentityCheck } from '../printout-identity/printout-identity-checks.repository';
import type { PdfScrapePool } from './pdf-scrape-pool';
import { NO_IDENTITY } from './scrape-pdf';

/**
 * POST clinics/{npi}/patients/{id}/device-checks/pdf-scrape (issue 15 §2): the measurements an
 * interrogation PDF proposes for the patient's device check, read in a worker within its time budget.
 * The values are not stored: the user confirms them into the form. A PDF that cannot be read (no text,
 * encrypted, broken, nothing recognised, too slow) proposes nothing and says why. Issue 29 §1: the
 * identity the printout carries is compared with the patient's, and that check is kept (its id goes with
 * the submission, which it may block until the technician confirms).
 */
export async function scrapeDeviceCheckPdf(
  context: { db: Db; pdfScrapePool: PdfScrapePool },
  actor: Actor,
  target: { clinicNpi: string; id: string },
  pdf: Uint8Array,
): Promise<PdfScrapeResponse> {
  const { db } = context;
  const patient = await getPatientInScope(db, actor, target);
  assertCan(
    actor.user,
    'device-check:create',
    patient.clinicNpi,
    await loadClinicConfiguration(db, patient.clinicNpi),
  );
  const run = await context.pdfScrapePool.scrape(actor.id, pdf);
  const printout: PrintoutIdentity = run.reason === 'too-slow' ? NO_IDENTITY : run.identity;
  const comparison = comparePrintoutIdentity(printout, patientIdentityOf(patient));
  const checkId = await insertPrintoutIdentityCheck(db, {
    clinicNpi: patient.clinicNpi,
    patientRef: patient.id,
    printoutSha256: createHash('sha256').update(pdf).digest('hex'),
    comparison,
    needsConfirmation: comparison.needsConfirmation,
    createdBy: actor.id,
  });
  const identity = { ...comparison, checkId };
  if (run.reason === 'too-slow') {
    return {
      data: {
        proposals: [],
        pageCount: 0,
        reason: 'too-slow',
        message: PDF_SCRAPE_REASON_MESSAGES['too-slow'],
        identity,
      },
    };
  }
  return {
    data: {
      proposals: run.proposals,
      pageCount: run.pageCount,
      reason: run.reason,
      message: run.reason ? PDF_SCRAPE_REASON_MESSAGES[run.reason] : null,
      identity,
    },
  };
}
