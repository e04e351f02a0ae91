import { ALERT_DOCUMENT_TYPES, DOCUMENT_TYPES, sampleClinics } from '@portal/domain';
import type { Insertable } from 'kysely';
import { recordAuditEvent } from '../modules/audit/record-audit-event';
import { createSeededRandom } from '../modules/documents/pdf/demo/seeded-random';
import { generateDemoReportPdf } from '../modules/documents/pdf/generate-demo-report';
import type { DocumentStorage } from '../modules/documents/storage/file-storage';
import type { DocumentsTable } from './schema';
import { demoClinicNpi } from './seed-demo-data';
import { type Db, inTransaction } from './transaction';

const DEMO_DOCUMENTS_MARKER = 'demo-documents-seeded';

/** Which service line each document type belongs to. */
export const SERVICE_LINE_OF: Record<string, string> = {
  'FileMaker-30-day-ILR-Report': 'crm',
  'implicity-90-day-remote-report': 'crm',
  'implicity-crm-report': 'crm',
  'crm-alert': 'crm',
  'in-person-device-check': 'crm',
  'mcot-study': 'wcd',
  'holter-study': 'wcd',
  'extended-holter-study': 'wcd',
  'we-study': 'wcd',
  'sleep-study': 'sleep',
  'abpm-study': 'abpm',
  'rpm-report': 'rpm',
  'rpm-alert': 'rpm',
};

const DEVICE_OF: Record<string, string> = { crm: 'PM', wcd: 'WCD', sleep: 'Sleep', abpm: 'ABPM', rpm: 'RPM' };

const FIRST_NAMES = [
  'Ada',
  'Bruno',
  'Carmen',
  'Dmitri',
  'Elena',
  'Farid',
  'Grace',
  'Hiro',
  'Ines',
  'Jonas',
  'Kaia',
  'Luis',
  'Maya',
  'Nikolai',
  'Olu',
  'Petra',
  'Quinn',
  'Rosa',
  'Sven',
  'Talia',
  'Umar',
  'Vera',
  'Wes',
  'Ximena',
  'Yusuf',
  'Zoe',
  'Łukasz',
  'Zoë',
];
const LAST_NAMES = [
  'Abbott',
  'Brennan',
  'Castillo',
  'Dumont',
  'Eriksen',
  'Fischer',
  'Gallagher',
  'Haddad',
  'Ivanova',
  'Jensen',
  'Kowalski',
  'Lindqvist',
  'Moreno',
  'Nakamura',
  'Okonkwo',
  'Petrov',
  'Quintero',
  'Rossi',
  'Schmidt',
  'Tanaka',
  'Ueda',
  'Varga',
  'Whitfield',
  'Żółć',
];
const DEVICES = [
  { manufacturer: 'Medtronic', modelName: 'Azure XT DR', chambers: 'Dual' },
  { manufacturer: 'Boston Scientific', modelName: 'Accolade MRI', chambers: 'Dual' },
  { manufacturer: 'Abbott', modelName: 'Assurity MRI', chambers: 'Single' },
  { manufacturer: 'Biotronik', modelName: 'Edora 8 DR-T', chambers: 'Dual' },
  { manufacturer: 'Medtronic', modelName: 'LINQ II', chambers: 'No Leads' },
  { manufacturer: 'Boston Scientific', modelName: 'Resonate X4 CRT-D', chambers: 'BiV' },
];
const ALERT_TEXTS = {
  high: 'AF burden > 6 h in 24 h; ventricular rate up to 152 bpm',
  medium: 'Lead impedance change > 30% on the RV lead',
  low: 'Transmission gap: no data received for 7 days',
} as const;

/**
 * About 2,000 realistic documents (count configurable) over the demo clinics, every type and service line
 * and every alert level, some unassigned, each with its own generated PDF. Runs once per database.
 */
export async function seedDemoDocuments(
  db: Db,
  storage: DocumentStorage,
  options: {
    count: number;
    now?: Date;
    onProgress?: (done: number, total: number) => void;
    signal?: AbortSignal;
  },
): Promise<boolean> {
  // Claimed up front, so two instances starting together never both seed, and a restart never seeds again.
  const claimed = await db
    .insertInto('appState')
    .values({
      key: DEMO_DOCUMENTS_MARKER,
      value: JSON.stringify({ at: new Date().toISOString(), count: options.count }),
    })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .returning('key')
    .executeTakeFirst();
  if (!claimed) return false;
  const random = createSeededRandom(20261121);
  const now = options.now ?? new Date();
  const demoNpi = demoClinicNpi();
  const otherClinics = sampleClinics.filter((clinic) => clinic.npi !== demoNpi).slice(0, 4);
  const clinics = await db.selectFrom('organizations').select(['npi', 'name']).execute();
  const clinicName = new Map(clinics.map((clinic) => [clinic.npi, clinic.name]));
  const provider = await db
    .selectFrom('users')
    .select(['id', 'npi'])
    .where('email', '=', 'provider@example.org')
    .executeTakeFirst();

  const patients = Array.from({ length: Math.max(20, Math.ceil(options.count / 7)) }, (_unused, index) => ({
    id: `P${String(100000 + index)}`,
    firstName: random.pick(FIRST_NAMES),
    lastName: random.pick(LAST_NAMES),
    dob: new Date(Date.UTC(random.int(1932, 1985), random.int(0, 11), random.int(1, 28))),
    device: {
      ...random.pick(DEVICES),
      serialNumber: `SN${random.int(100000, 999999)}`,
      implantDate: `${random.int(2014, 2024)}-0${random.int(1, 9)}-1${random.int(0, 9)}`,
    },
  }));

  let rows: Insertable<DocumentsTable>[] = [];
  for (let index = 0; index < options.count; index++) {
    if (options.signal?.aborted) return false;
    // Every type and every alert level appears early, so even a small demo set has them all.
    const type =
      index < DOCUMENT_TYPES.length ? (DOCUMENT_TYPES[index] as string) : random.pick(DOCUMENT_TYPES);
    const serviceLine = SERVICE_LINE_OF[type] ?? 'crm';
    const isAlert = (ALERT_DOCUMENT_TYPES as readonly string[]).includes(type);
    const alert = isAlert ? (['high', 'medium', 'low'] as const)[index % 3] : null;
    const clinicNpi =
      index % 5 < 3 || otherClinics.length === 0 ? demoNpi : (random.pick(otherClinics).npi as string);
    const patient = random.pick(patients);
    const dos = new Date(now.getTime() - random.int(1, 120) * 86_400_000 - random.int(0, 86_399) * 1000);
    const status = random.next() < 0.7 ? 'unsigned' : random.next() < 0.6 ? 'signed' : 'acknowledged';
    const unassigned = random.next() < 0.2;
    const pdf = await generateDemoReportPdf({
      seed: index + 1,
      documentType: type,
      serviceLine,
      clinicName: clinicName.get(clinicNpi) ?? 'Clinic',
      patient: { firstName: patient.firstName, lastName: patient.lastName, dob: patient.dob, id: patient.id },
      device: patient.device,
      dos,
      ...(alert ? { alertText: ALERT_TEXTS[alert] } : {}),
      pageCount: random.int(1, 12),
    });
    const stored = await storage.put(pdf);
    rows.push({
      clinicNpi,
      type,
      serviceLine,
      status,
      alert,
      alertType: alert
        ? isAlert && serviceLine === 'rpm'
          ? 'Blood pressure out of range'
          : 'AF episode'
        : null,
      alertText: alert ? ALERT_TEXTS[alert] : null,
      assignedTo: unassigned || clinicNpi !== demoNpi ? null : (provider?.id ?? null),
      dos,
      dosKey: -dos.getTime(),
      device: DEVICE_OF[serviceLine] ?? 'PM',
      deviceDetail: JSON.stringify(patient.device),
      patientId: patient.id,
      patientDob: patient.dob,
      patientFirstName: patient.firstName,
      patientLastName: patient.lastName,
      physicianName: clinicNpi === demoNpi ? 'Dr. Paula Reyes MD' : null,
      physicianNpi: clinicNpi === demoNpi ? (provider?.npi ?? null) : null,
      isPinned: random.next() < 0.03,
      metadata: JSON.stringify({ demo: true }),
      originalSha256: stored.sha256,
      signedBy: status === 'unsigned' ? null : (provider?.id ?? null),
      signedAt: status === 'unsigned' ? null : new Date(dos.getTime() + 86_400_000),
    });
    // Batches commit as they are made, so the inbox fills while the rest are generated.
    if (rows.length === BATCH || index === options.count - 1) {
      await insertBatch(db, rows);
      rows = [];
    }
    options.onProgress?.(index + 1, options.count);
  }
  return true;
}

const BATCH = 100;

async function insertBatch(db: Db, rows: Insertable<DocumentsTable>[]) {
  if (rows.length === 0) return;
  await inTransaction(db, async (tx) => {
    const inserted = await tx
      .insertInto('documents')
      .values(rows)
      .returning(['id', 'clinicNpi', 'originalSha256'])
      .execute();
    for (const row of inserted) {
      await recordAuditEvent(tx, {
        clinicNpi: row.clinicNpi,
        entityType: 'document',
        entityId: row.id,
        eventType: 'created',
        actorId: 'system',
        note: 'demo data',
        after: { originalSha256: row.originalSha256 },
      });
    }
  });
}
