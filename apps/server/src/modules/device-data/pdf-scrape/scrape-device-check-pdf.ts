import { assertCan, PDF_SCRAPE_REASON_MESSAGES, type PdfScrapeResponse } from '@portal/domain';
import type { Actor } from '../../../auth/actor';
import type { Db } from '../../../db/transaction';
import { loadClinicConfiguration } from '../../clinics/load-clinic-configuration';
import { getPatientInScope } from '../../patients/patient-scope';
import type { PdfScrapePool } from './pdf-scrape-pool';

/**
 * POST clinics/{npi}/patients/{id}/device-checks/pdf-scrape (issue 15 §2): the measurements an
 * interrogation PDF proposes for the patient's device check, read in a worker within its time budget.
 * Nothing is stored: the user confirms the values into the form. A PDF that cannot be read (no text,
 * encrypted, broken, nothing recognised, too slow) proposes nothing and says why.
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
  if (run.reason === 'too-slow') {
    return {
      data: {
        proposals: [],
        pageCount: 0,
        reason: 'too-slow',
        message: PDF_SCRAPE_REASON_MESSAGES['too-slow'],
      },
    };
  }
  return {
    data: {
      proposals: run.proposals,
      pageCount: run.pageCount,
      reason: run.reason,
      message: run.reason ? PDF_SCRAPE_REASON_MESSAGES[run.reason] : null,
    },
  };
}
