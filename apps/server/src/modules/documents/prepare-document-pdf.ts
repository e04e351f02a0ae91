import type { MergedClinicConfiguration } from '@portal/domain';
import type { DocumentRow } from '../../db/schema';
import type { Db, Tx } from '../../db/transaction';
import { loadClinicConfiguration } from '../clinics/load-clinic-configuration';
import { buildCoversheet } from './coversheets/build-coversheet';
import { drawCoversheet } from './coversheets/draw-coversheet';
import { cutForEmr } from './pdf/cut-for-emr';
import { prependCoversheet } from './pdf/prepend-coversheet';
import type { DocumentStorage } from './storage/file-storage';

export type PreparePdfOptions = {
  /** Leave the coversheet out: the stored PDF as it is (stripCoversheet=true). */
  withoutCoversheet?: boolean;
  /** Cut to the clinic's EMR page length (get-reports with forEmr=true). */
  forEmr?: boolean;
  /** Configurations already read in this request, by clinic. */
  configurations?: Map<string, MergedClinicConfiguration>;
  now?: Date;
};

/**
 * A document's PDF as it is handed out (issue 14 §5): the stored file (signed if signed, its stamp on its
 * own pages) with the clinic's coversheet put in front unless asked without, and, for the EMR, cut to the
 * clinic's 'EMR PDF max page length'. The caller found the document in the actor's scope. The stored
 * PDF never holds a coversheet: it is generated on every download, so it shows the data of the day.
 */
export async function prepareDocumentPdf(
  db: Db | Tx,
  storage: DocumentStorage,
  document: DocumentRow & { clinicName: string },
  options: PreparePdfOptions = {},
): Promise<Uint8Array> {
  const stored = await storage.get(document.signedSha256 ?? document.originalSha256);
  if (options.withoutCoversheet && !options.forEmr) return stored;
  const configuration =
    options.configurations?.get(document.clinicNpi) ??
    (await loadClinicConfiguration(db, document.clinicNpi));
  options.configurations?.set(document.clinicNpi, configuration);
  let pdf = stored;
  if (!options.withoutCoversheet) {
    const coversheet = await buildCoversheet(db, document, configuration);
    if (coversheet)
      pdf = await prependCoversheet(await drawCoversheet(coversheet, options.now ?? new Date()), stored);
  }
  if (options.forEmr) {
    // A disabled setting leaves EMR copies whole.
    const setting = configuration.settings.emrPdfMaxPageLength;
    if (setting?.enabled && typeof setting.value === 'number' && setting.value >= 1)
      pdf = await cutForEmr(pdf, setting.value);
  }
  return pdf;
}
