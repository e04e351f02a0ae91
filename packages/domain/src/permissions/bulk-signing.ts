import type { MergedClinicConfiguration } from '../clinics/merge-clinic-configuration';
import { isFeatureFlagOn, isSettingEnabled } from '../clinics/read-clinic-configuration';
import type { SignatureSettings } from '../clinics/signature-settings';
import { isAlertDocumentType } from '../reports/document-types';

/** What the bulk-signing rule needs to know of a document. */
export type BulkSigningCandidate = { type: string; alert?: string | null | undefined };

/** An alert: an alert document type, or any document that carries an alert level. */
export function isAlertDocument(document: BulkSigningCandidate): boolean {
  return isAlertDocumentType(document.type) || (document.alert ?? null) !== null;
}

/**
 * High alerts are never signed in bulk or by Sign all, whatever the flags and settings: each one is
 * opened and signed on its own. A safety rail beyond SPEC §6.
 */
export function isHighAlert(document: BulkSigningCandidate): boolean {
  return document.alert === 'high';
}

/**
 * Whether one document may be signed in bulk at a clinic with this configuration: never a high alert;
 * other alerts only while physicianBulkSignAlerts is on (SPEC §6). Who may bulk-sign at all is
 * describeBulkSigning's question and the 'document:bulk-sign' permission's.
 */
export function isBulkSignable(
  document: BulkSigningCandidate,
  configuration: MergedClinicConfiguration,
): boolean {
  if (isHighAlert(document)) return false;
  return !isAlertDocument(document) || isFeatureFlagOn(configuration, 'physicianBulkSignAlerts');
}

/** @deprecated by isBulkSignable, which also refuses high alerts; kept for callers that know only the type. */
export function isBulkSignableDocumentType(
  documentType: string,
  configuration: MergedClinicConfiguration,
): boolean {
  return isBulkSignable({ type: documentType, alert: null }, configuration);
}

export type BulkSigningPartition<T> = {
  /** what Bulk sign / Sign all signs */
  signable: T[];
  leftOut: {
    /** high alerts: never signed in bulk, whatever the flags */
    highAlerts: T[];
    /** medium, low and unlevelled alerts, left out while physicianBulkSignAlerts is off */
    alertsExcluded: T[];
  };
};

/**
 * Splits documents into those Bulk sign / Sign all would sign and those it leaves out, and why. The
 * server refuses the left-out ones; the confirmation dialog states the counts. Order is kept.
 */
export function partitionForBulkSigning<T extends BulkSigningCandidate>(
  documents: readonly T[],
  configuration: MergedClinicConfiguration,
): BulkSigningPartition<T> {
  const partition: BulkSigningPartition<T> = {
    signable: [],
    leftOut: { highAlerts: [], alertsExcluded: [] },
  };
  for (const document of documents) {
    if (isHighAlert(document)) partition.leftOut.highAlerts.push(document);
    else if (!isBulkSignable(document, configuration)) partition.leftOut.alertsExcluded.push(document);
    else partition.signable.push(document);
  }
  return partition;
}

export type BulkSigningState = {
  /** whether the provider (or, without signature settings, the clinic's providers) may bulk-sign here */
  allowed: boolean;
  /** whether medium and low alerts are bulk-signed; high alerts never are */
  alertsIncluded: boolean;
  /** the effective state in plain words, for the clinic page and the dialogs */
  summary: string;
};

/**
 * Whether the clinic lets its providers bulk-sign at all: the bulk e-signing flag (SPEC §6) and the
 * 'enable bulk signing' setting must both be on.
 */
export function isBulkSigningOpenAtClinic(configuration: MergedClinicConfiguration): boolean {
  return (
    isFeatureFlagOn(configuration, 'bulkESigning') && isSettingEnabled(configuration, 'enableBulkSigning')
  );
}

/**
 * The effective bulk-signing state, from the same rule the server applies:
 * - the clinic must allow it (the bulk e-signing flag and the 'enable bulk signing' setting);
 * - then the signature settings' bulkSignEnabled must be on: the provider's own settings at that clinic,
 *   or the clinic-wide ones ('0') when the provider has saved none (SPEC default: off). It is a
 *   per-provider opt-in that means nothing while the clinic does not allow bulk signing.
 * Without signature settings it describes what the clinic allows (the clinic page's question); the
 * server always passes the signer's effective settings.
 * Alerts are included only with physicianBulkSignAlerts; high alerts never.
 */
export function describeBulkSigning(
  configuration: MergedClinicConfiguration,
  signatureSettings?: Pick<SignatureSettings, 'bulkSignEnabled'>,
): BulkSigningState {
  if (!isBulkSigningOpenAtClinic(configuration)) {
    return {
      allowed: false,
      alertsIncluded: false,
      summary: 'Bulk signing is off at this clinic: every document is signed on its own',
    };
  }
  if (signatureSettings && !signatureSettings.bulkSignEnabled) {
    return {
      allowed: false,
      alertsIncluded: false,
      summary:
        'Bulk signing is allowed at this clinic but not turned on in the signature settings: every document is signed on its own',
    };
  }
  const alertsIncluded = isFeatureFlagOn(configuration, 'physicianBulkSignAlerts');
  const who = signatureSettings
    ? 'Providers at this clinic can bulk-sign'
    : 'Providers at this clinic can bulk-sign once it is turned on in their signature settings';
  return {
    allowed: true,
    alertsIncluded,
    summary: `${who}; ${alertsIncluded ? 'medium and low alerts included' : 'alerts excluded'}; high alerts never`,
  };
}
