import {
  AT_BURDEN_KEY,
  billingWindowOf,
  billingWindowStatus,
  buildLongitudinalSeries,
  type CoversheetType,
  coversheetTypeSchema,
  DEFAULT_COVERSHEET_TYPE,
  documentTypeLabel,
  formatMeasurementValue,
  formatMedicationName,
  formatUserDisplayName,
  isAfAlert,
  MANUFACTURER_NAMES,
  type MergedClinicConfiguration,
  manufacturerCodeOf,
  monitoringPeriodOf,
  OAC_STATUS_LABELS,
  oacStatusOf,
  resolveLongitudinalSettings,
  type SessionDeviceType,
  sessionDeviceTypeOf,
  type Template,
  worstFlagLevel,
} from '@portal/domain';
import type { DocumentRow } from '../../../db/schema';
import type { Db, Tx } from '../../../db/transaction';
import {
  findPatientSessionDeviceTypes,
  findPatientSessions,
  findSeriesMeasurements,
  findSessionValues,
  toStoredMeasurements,
} from '../../device-data/device-sessions.repository';
import { findLongitudinalSettingsScopes } from '../../device-data/longitudinal-settings.repository';
import { findAfWithoutOacPatients } from '../../patients/find-af-without-oac-patients';
import { findUserById } from '../../users/users.repository';
import type {
  AfAlertSection,
  BillingCoversheetInput,
  CoversheetHeader,
  CoversheetInput,
  CoversheetRow,
  LongitudinalCoversheetInput,
} from './coversheet-input';
import { findCoversheetPatient, findDocumentSession, findLastBilledDocument } from './coversheets.repository';

type Executor = Db | Tx;
type CoversheetDocument = DocumentRow & { clinicName: string };
type Patient = NonNullable<Awaited<ReturnType<typeof findCoversheetPatient>>>;
type LinkedSession = Awaited<ReturnType<typeof findDocumentSession>>;

/** The clinic's 'encounter coversheet type'; a disabled setting means none. */
export function coversheetTypeOf(configuration: MergedClinicConfiguration): CoversheetType {
  const setting = configuration.settings.encounterCoversheetType;
  if (setting && !setting.enabled) return 'none';
  const parsed = coversheetTypeSchema.safeParse(setting?.value);
  return parsed.success ? parsed.data : DEFAULT_COVERSHEET_TYPE;
}

/** The template of a document's coversheet (SPEC §3): af-alert for an AF alert, else default. */
export function coversheetTemplateOf(document: Parameters<typeof isAfAlert>[0]): Template {
  return isAfAlert(document) ? 'af-alert' : 'default';
}

/**
 * What a document's coversheet shows (issue 14 §5), or null when the clinic's type is none. The
 * caller found the document in the actor's scope; everything read here belongs to it: its session, its
 * patient at its clinic, the clinic's longitudinal settings (the clinic's own, not the reader's: every
 * reader downloads the same coversheet), and the patient's earlier signed reports.
 */
export async function buildCoversheet(
  db: Executor,
  document: CoversheetDocument,
  configuration: MergedClinicConfiguration,
): Promise<CoversheetInput | null> {
  const type = coversheetTypeOf(configuration);
  if (type === 'none') return null;
  const template = coversheetTemplateOf(document);
  const [patient, linked] = await Promise.all([
    document.patientRef ? findCoversheetPatient(db, document.clinicNpi, document.patientRef) : undefined,
    findDocumentSession(db, document.id),
  ]);
  const deviceType = await chooseDeviceType(db, document, patient, linked);
  const header = buildHeader(document, patient, linked, deviceType);
  if (type === 'billing')
    return buildBilling(db, document, configuration, { header, template, patient, deviceType });
  return buildLongitudinal(db, document, { header, template, patient, linked, deviceType });
}

async function chooseDeviceType(
  db: Executor,
  document: CoversheetDocument,
  patient: Patient | undefined,
  linked: LinkedSession,
): Promise<SessionDeviceType> {
  const fromLinked = sessionDeviceTypeOf(linked?.deviceType);
  if (fromLinked) return fromLinked;
  const fromPatient = sessionDeviceTypeOf(stringOf(patient?.deviceInfo?.deviceType));
  if (fromPatient) return fromPatient;
  const fromDocument = sessionDeviceTypeOf(document.device);
  if (fromDocument) return fromDocument;
  if (!patient) return 'PM';
  const [first] = (await findPatientSessionDeviceTypes(db, patient.id)).flatMap(
    (value) => sessionDeviceTypeOf(value) ?? [],
  );
  return first ?? 'PM';
}

function buildHeader(
  document: CoversheetDocument,
  patient: Patient | undefined,
  linked: LinkedSession,
  deviceType: SessionDeviceType,
): CoversheetHeader {
  const info = patient?.deviceInfo ?? {};
  return {
    clinicName: document.clinicName,
    documentLabel: documentTypeLabel(document.type),
    dos: document.dos,
    // The patient record, when the document has one, is the current truth; else the document's own copy.
    patient: {
      name: [patient?.firstName ?? document.patientFirstName, patient?.lastName ?? document.patientLastName]
        .filter(Boolean)
        .join(' '),
      patientId: patient?.patientId ?? document.patientId,
      dob: isoDay(patient?.dob ?? document.patientDob),
    },
    device: {
      type: deviceType,
      manufacturer: manufacturerName(linked?.manufacturer ?? stringOf(info.manufacturer)),
      model: linked?.model ?? stringOf(info.model) ?? stringOf(info.modelName),
      serialNumber: linked?.serialNumber ?? stringOf(info.serialNumber) ?? stringOf(info.serial),
    },
  };
}

async function buildLongitudinal(
  db: Executor,
  document: CoversheetDocument,
  context: {
    header: CoversheetHeader;
    template: Template;
    patient: Patient | undefined;
    linked: LinkedSession;
    deviceType: SessionDeviceType;
  },
): Promise<LongitudinalCoversheetInput> {
  const { patient, template, deviceType } = context;
  const empty: LongitudinalCoversheetInput = {
    type: 'longitudinal',
    template,
    header: context.header,
    session: null,
    comparisonMode: 'percentage',
    rows: [],
    flags: [],
    af: null,
  };
  if (!patient) return empty;
  const [scopes, allSessions] = await Promise.all([
    findLongitudinalSettingsScopes(db, document.clinicNpi, ''),
    findPatientSessions(db, patient.id, deviceType),
  ]);
  const settings = resolveLongitudinalSettings(scopes.clinic, null);
  const sessions = allSessions.filter((session) => session.clinicNpi === document.clinicNpi);
  // The session the report is about: its own, else the latest on or before its date of service.
  const endOfDos = document.dos.getTime() + 86_400_000;
  const current =
    sessions.find((session) => session.id === context.linked?.id) ??
    sessions.filter((session) => session.sessionDate.getTime() < endOfDos).at(-1) ??
    sessions.at(-1);
  const upToCurrent = current ? sessions.slice(0, sessions.indexOf(current) + 1) : [];
  const keys = settings.measurements[deviceType];
  const sessionIds = upToCurrent.map((session) => session.id);
  // The table needs one value per session; the af-alert template's trend, every AF burden value.
  const [rows, burden] = await Promise.all([
    findSessionValues(db, patient.id, sessionIds, keys),
    template === 'af-alert' ? readAfBurden(db, patient.id, sessionIds) : null,
  ]);
  const series = buildLongitudinalSeries(keys, toStoredMeasurements(rows), {
    comparisonMode: settings.comparisonMode,
    thresholds: settings.thresholds,
  });
  const tableRows: CoversheetRow[] = [];
  const flags: LongitudinalCoversheetInput['flags'] = [];
  for (const one of series) {
    const index = one.values.findLastIndex((point) => point.sessionId === current?.id);
    const point = one.values[index];
    if (!point) continue;
    const previous = one.values[index - 1];
    const baseline = one.values[0];
    tableRows.push({
      key: one.key,
      label: one.label,
      current: formatMeasurementValue(one.key, point.value),
      previous: previous ? formatMeasurementValue(one.key, previous.value) : '—',
      baseline: baseline && baseline !== point ? formatMeasurementValue(one.key, baseline.value) : '—',
      vsPrevious: point.vsPrevious,
      vsBaseline: baseline === point ? null : point.vsBaseline,
      flagLevel: worstFlagLevel(point.flags),
      trend: one.values
        .slice(0, index + 1)
        .flatMap((value) => (typeof value.value === 'number' ? [value.value] : [])),
    });
    for (const flag of point.flags)
      flags.push({ level: flag.level, label: one.label, message: flag.message });
  }
  flags.sort((a, b) => (a.level === b.level ? 0 : a.level === 'critical' ? -1 : 1));
  return {
    ...empty,
    session: current
      ? { date: current.sessionDate, kind: current.kind, sessionCount: upToCurrent.length }
      : null,
    comparisonMode: settings.comparisonMode,
    rows: tableRows,
    flags,
    af: burden ? await buildAfSection(db, patient, burden) : null,
  };
}

async function buildBilling(
  db: Executor,
  document: CoversheetDocument,
  configuration: MergedClinicConfiguration,
  context: {
    header: CoversheetHeader;
    template: Template;
    patient: Patient | undefined;
    deviceType: SessionDeviceType;
  },
): Promise<BillingCoversheetInput> {
  const window = billingWindowOf(document.cptCodes, context.deviceType);
  const [lastBilled, interpreting] = await Promise.all([
    findLastBilledDocument(db, document),
    (document.signedBy ?? document.assignedTo)
      ? findUserById(db, (document.signedBy ?? document.assignedTo) as string)
      : undefined,
  ]);
  const separate = configuration.settings.referringAndInterpretingPhysician?.enabled === true;
  const physicians = separate
    ? [
        { label: 'Referring physician', name: document.physicianName ?? '' },
        { label: 'Interpreting physician', name: interpreting ? formatUserDisplayName(interpreting) : '' },
      ]
    : [
        {
          label: 'Physician',
          name: document.physicianName ?? (interpreting ? formatUserDisplayName(interpreting) : ''),
        },
      ];
  const status = billingWindowStatus(document.dos, window, lastBilled ?? null);
  let af: AfAlertSection | null = null;
  if (context.template === 'af-alert' && context.patient) {
    const sessions = (await findPatientSessions(db, context.patient.id, context.deviceType)).filter(
      (session) => session.clinicNpi === document.clinicNpi,
    );
    af = await buildAfSection(
      db,
      context.patient,
      await readAfBurden(
        db,
        context.patient.id,
        sessions.map((session) => session.id),
      ),
    );
  }
  return {
    type: 'billing',
    template: context.template,
    header: context.header,
    cptCodes: [...document.cptCodes],
    icd10Codes: [...document.icd10Codes],
    monitoringPeriod: monitoringPeriodOf(document, window),
    physicians,
    window: {
      days: window.days,
      codes: window.codes,
      closed: status.closed,
      lastBilledEnd: status.lastBilledEnd,
      daysSince: status.daysSince,
    },
    af,
  };
}

/** Every AT/AF burden value of the sessions (their own and the daily ones), for the af-alert trend. */
async function readAfBurden(db: Executor, patientRef: string, sessionIds: readonly string[]) {
  const rows = await findSeriesMeasurements(db, patientRef, sessionIds, [AT_BURDEN_KEY]);
  return rows.flatMap((row) =>
    row.valueNumber === null ? [] : [{ at: row.measuredAtMs, value: row.valueNumber }],
  );
}

async function buildAfSection(
  db: Executor,
  patient: Patient,
  burden: { at: number; value: number }[],
): Promise<AfAlertSection> {
  const flagged = await findAfWithoutOacPatients(db, [patient.id]);
  const status = oacStatusOf(patient.oacStatus);
  return {
    oacStatus: status ? OAC_STATUS_LABELS[status] : (patient.oacStatus ?? 'Not reported'),
    oacHistory: (patient.oacHistory ?? [])
      .toSorted((a, b) => b.startDate.localeCompare(a.startDate))
      .map((entry) => ({
        medication: formatMedicationName(entry.medicationName),
        startDate: entry.startDate,
        endDate: entry.endDate,
      })),
    isAfWithoutOac: flagged.has(patient.id),
    burden: burden.toSorted((a, b) => a.at - b.at),
  };
}

/** A manufacturer as a reader knows it: 'MDT' → 'Medtronic'; an unknown name as written. */
function manufacturerName(value: string | null): string | null {
  const code = manufacturerCodeOf(value);
  return code ? MANUFACTURER_NAMES[code] : value;
}

function isoDay(value: Date | null | undefined): string | null {
  return value ? value.toISOString().slice(0, 10) : null;
}

function stringOf(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value : null;
}
