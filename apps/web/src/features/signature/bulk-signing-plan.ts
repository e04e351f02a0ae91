import {
  ALERT_LEVELS,
  type AlertLevel,
  isAlertDocument,
  type MergedClinicConfiguration,
  partitionForBulkSigning,
} from '@portal/domain';
import type { DocumentAttributes } from './document-resource';

/** What the plan needs of a document. */
export type PlannedDocument = {
  id: string;
  attributes: Pick<DocumentAttributes, 'type' | 'alert' | 'clinicNpi' | 'clinicName'>;
};

/** Without a clinic's configuration alerts stay out (the server would refuse them). */
const NO_CONFIGURATION: MergedClinicConfiguration = { featureFlags: {}, settings: {} };

/** What Bulk sign or Sign all will do, stated before it starts. */
export type BulkSigningPlan = {
  /** the ids it signs, in the order given */
  ids: string[];
  /** among them, the alerts by level (an alert type without a level counts as 'other') */
  alerts: Record<AlertLevel | 'other', number>;
  /** the clinics they belong to, most documents first */
  clinics: { npi: string; name: string; count: number }[];
  leftOut: {
    /** high alerts: never signed in bulk, each is opened and signed on its own */
    highAlerts: number;
    /** medium and low alerts a clinic does not let physicians bulk-sign */
    alertsExcluded: number;
  };
};

/**
 * Splits the documents with the domain rule the server applies (partitionForBulkSigning, per clinic with
 * that clinic's configuration) and counts what the confirmation states.
 */
export function planBulkSigning(
  documents: readonly PlannedDocument[],
  configurationOf: (clinicNpi: string) => MergedClinicConfiguration | undefined,
): BulkSigningPlan {
  const byClinic = new Map<string, PlannedDocument[]>();
  for (const document of documents) {
    const list = byClinic.get(document.attributes.clinicNpi) ?? [];
    list.push(document);
    byClinic.set(document.attributes.clinicNpi, list);
  }
  const signable = new Set<string>();
  let highAlerts = 0;
  let alertsExcluded = 0;
  for (const [npi, list] of byClinic) {
    const partition = partitionForBulkSigning(
      list.map((document) => ({ ...document.attributes, id: document.id })),
      configurationOf(npi) ?? NO_CONFIGURATION,
    );
    for (const document of partition.signable) signable.add(document.id);
    highAlerts += partition.leftOut.highAlerts.length;
    alertsExcluded += partition.leftOut.alertsExcluded.length;
  }
  const signed = documents.filter((document) => signable.has(document.id));
  const alerts: BulkSigningPlan['alerts'] = { high: 0, medium: 0, low: 0, other: 0 };
  const clinics = new Map<string, { npi: string; name: string; count: number }>();
  for (const { attributes } of signed) {
    if (isAlertDocument(attributes)) {
      const level = (ALERT_LEVELS as readonly string[]).includes(attributes.alert ?? '')
        ? (attributes.alert as AlertLevel)
        : 'other';
      alerts[level] += 1;
    }
    const clinic = clinics.get(attributes.clinicNpi) ?? {
      npi: attributes.clinicNpi,
      name: attributes.clinicName,
      count: 0,
    };
    clinic.count += 1;
    clinics.set(attributes.clinicNpi, clinic);
  }
  return {
    ids: signed.map((document) => document.id),
    alerts,
    clinics: [...clinics.values()].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)),
    leftOut: { highAlerts, alertsExcluded },
  };
}

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** The confirmation's lines, in plain words: what is signed, with which note, where, and what is left out. */
export function describeBulkSigningPlan(
  plan: BulkSigningPlan,
  options: { note: string },
): { rows: { label: string; value: string }[]; leftOut: string[] } {
  const count = plan.ids.length;
  const levels = (['medium', 'low', 'other'] as const)
    .filter((level) => plan.alerts[level] > 0)
    .map((level) => `${plan.alerts[level]} ${level === 'other' ? 'without a level' : level}`);
  const alertCount = plan.alerts.medium + plan.alerts.low + plan.alerts.other + plan.alerts.high;
  const leftOut: string[] = [];
  if (plan.leftOut.highAlerts > 0) {
    leftOut.push(
      `${plural(plan.leftOut.highAlerts, 'high alert')} left out: high alerts are never signed in bulk. Open and sign each on its own.`,
    );
  }
  if (plan.leftOut.alertsExcluded > 0) {
    leftOut.push(
      `${plural(plan.leftOut.alertsExcluded, 'other alert')} left out: the clinic does not let providers bulk-sign alerts.`,
    );
  }
  const rows = [
    { label: 'Documents', value: plural(count, 'document') },
    { label: 'Alerts among them', value: alertCount === 0 ? 'None' : `${alertCount}: ${levels.join(', ')}` },
    { label: 'Note added', value: options.note ? `'${options.note}'` : 'None' },
  ];
  if (plan.clinics.length > 0) {
    rows.push({
      label: plan.clinics.length === 1 ? 'Clinic' : 'Clinics',
      value:
        plan.clinics.length === 1
          ? (plan.clinics[0]?.name ?? '')
          : plan.clinics.map((clinic) => `${clinic.name} (${clinic.count})`).join(', '),
    });
  }
  return { rows, leftOut };
}
