import type { MergedClinicConfiguration } from '../clinics/merge-clinic-configuration';
import { isFeatureFlagOn } from '../clinics/read-clinic-configuration';
import { isAlertDocumentType } from '../reports/document-types';

/**
 * SPEC §6: bulk e-signing leaves alerts out unless the clinic's physicianBulkSignAlerts flag is on.
 * Who may bulk-sign at all is the 'document:bulk-sign' permission.
 */
export function isBulkSignableDocumentType(
  documentType: string,
  configuration: MergedClinicConfiguration,
): boolean {
  return !isAlertDocumentType(documentType) || isFeatureFlagOn(configuration, 'physicianBulkSignAlerts');
}
