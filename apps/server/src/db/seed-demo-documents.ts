import { documentDeadlinesOf, sampleClinics } from '@portal/domain';
import type { Insertable } from 'kysely';
import { recordAuditEvent } from '../modules/audit/record-audit-event';
import { createDemoDocumentPlanner } from '../modules/documents/pdf/demo/plan-demo-document';
import { createSeededRandom } from '../modules/documents/pdf/demo/seeded-random';
import { generateDemoReportPdf } from '../modules/documents/pdf/generate-demo-report';
import type { DocumentStorage } from '../modules/documents/storage/file-storage';
import {
  clinicPatientKey,
  ensurePatientsForDocuments,
} from '../modules/patients/ensure-patients-for-documents';
import type { DocumentPatientFacts } from '../modules/patients/patient-from-document';
import { publishDocumentsChanged } from '../modules/realtime/publish-documents-changed';
import { demoPatientDetails } from './demo-patient-details';
import type { DocumentsTable } from './schema';
import { demoClinicNpi } from './seed-demo-data';
import { seedDemoDeviceSessions } from './seed-demo-device-sessions';
import { type Db, inTransaction } from './transaction';

export { SERVICE_LINE_OF } from '../modules/documents/pdf/demo/plan-demo-document';

const DEMO_DOCUMENTS_MARKER = 'demo-documents-seeded';

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
  // Clinical content (patients, devices, alerts, reports) from the planner; who has it, and its status,
  // from a random of its own.
  const planner = createDemoDocumentPlanner({
    now: options.now ?? new Date(),
    patientCount: Math.ceil(options.count / 7),
  });
  const random = createSeededRandom(20261122);
  const demoNpi = demoClinicNpi();
  const otherClinics = sampleClinics.filter((clinic) => clinic.npi !== demoNpi).slice(0, 4);
  const clinics = await db.selectFrom('organizations').select(['npi', 'name']).execute();
  const clinicName = new Map(clinics.map((clinic) => [clinic.npi, clinic.name]));
  const provider = await db
    .selectFrom('users')
    .select(['id', 'npi'])
    .where('email', '=', 'provider@example.org')
    .executeTakeFirst();

  const now = options.now ?? new Date();
  let rows: Insertable<DocumentsTable>[] = [];
  let patients: DocumentPatientFacts[] = [];
  for (let index = 0; index < options.count; index++) {
    if (options.signal?.aborted) return false;
    const plan = planner.plan(index);
    const clinicNpi =
      index % 5 < 3 || otherClinics.length === 0 ? demoNpi : (random.pick(otherClinics).npi as string);
    const { dos, patient } = plan;
    const status = random.next() < 0.7 ? 'unsigned' : random.next() < 0.6 ? 'signed' : 'acknowledged';
    const unassigned = random.next() < 0.2;
    const pdf = await generateDemoReportPdf({
      ...plan.report,
      clinicName: clinicName.get(clinicNpi) ?? 'Clinic',
    });
    const stored = await storage.put(pdf);
    rows.push({
      clinicNpi,
      type: plan.type,
      serviceLine: plan.serviceLine,
      status,
      alert: plan.alert,
      // Received on its date of service, with the built-in review windows: older ones are overdue.
      createdAt: dos,
      ...documentDeadlinesOf({}, { alert: plan.alert ?? null }, dos),
      alertType: plan.alertType,
      alertText: plan.alertText,
      assignedTo: unassigned || clinicNpi !== demoNpi ? null : (provider?.id ?? null),
      dos,
      dosKey: -dos.getTime(),
      device: plan.device,
      deviceDetail: JSON.stringify(plan.deviceDetail),
      patientId: patient.id,
      patientDob: patient.dob,
      patientFirstName: patient.firstName,
      patientLastName: patient.lastName,
      physicianName: clinicNpi === demoNpi ? 'Dr. Paula Reyes MD' : null,
      physicianNpi: clinicNpi === demoNpi ? (provider?.npi ?? null) : null,
      rpmEncounterId: plan.rpmEncounterId,
      cptCodes: plan.cptCodes,
      icd10Codes: plan.icd10Codes,
      isOnOac: plan.isOnOac,
      hasEpisodes: plan.hasEpisodes,
      clinicalStart: plan.clinicalStart,
      clinicalEnd: plan.clinicalEnd,
      isPinned: random.next() < 0.03,
      metadata: JSON.stringify({ demo: true, keyResults: plan.keyResults }),
      originalSha256: stored.sha256,
      signedBy: status === 'unsigned' ? null : (provider?.id ?? null),
      signedAt: status === 'unsigned' ? null : new Date(dos.getTime() + 86_400_000),
    });
    patients.push({
      clinicNpi,
      patientId: patient.id,
      patientFirstName: patient.firstName,
      patientLastName: patient.lastName,
      patientDob: patient.dob,
      device: plan.device,
      deviceDetail: plan.deviceDetail,
      physicianNpi: clinicNpi === demoNpi ? (provider?.npi ?? null) : null,
      more: demoPatientDetails(patient, now),
    });
    // Batches commit as they are made, so the inbox fills while the rest are generated.
    if (rows.length === BATCH || index === options.count - 1) {
      await insertBatch(db, rows, patients);
      rows = [];
      patients = [];
    }
    options.onProgress?.(index + 1, options.count);
  }
  await seedDemoDeviceSessions(db, { now, ...(options.signal ? { signal: options.signal } : {}) });
  return true;
}

const BATCH = 100;

async function insertBatch(db: Db, rows: Insertable<DocumentsTable>[], patients: DocumentPatientFacts[]) {
  if (rows.length === 0) return;
  await inTransaction(db, async (tx) => {
    // Demo documents belong to demo patients (issue 13 §3), created with their first document.
    const { refs } = await ensurePatientsForDocuments(tx, patients, { actorId: 'system', note: 'demo data' });
    const inserted = await tx
      .insertInto('documents')
      .values(
        rows.map((row) => ({
          ...row,
          patientRef: refs.get(clinicPatientKey(row.clinicNpi, row.patientId)) ?? null,
        })),
      )
      .returning(['id', 'clinicNpi', 'originalSha256', 'status', 'halfDueAt', 'dueAt', 'twiceDueAt'])
      .execute();
    // The escalation steps demo documents are already past count as taken, so the first start does not
    // notify the demo users of every old document at once; they show as overdue all the same.
    const now = new Date();
    const reached = inserted.flatMap((row) =>
      row.status !== 'unsigned'
        ? []
        : (
            [
              ['half-time', row.halfDueAt],
              ['due', row.dueAt],
              ['twice-due', row.twiceDueAt],
            ] as const
          )
            .filter(([, at]) => at !== null && at <= now)
            .map(([step]) => ({ documentId: row.id, step, clinicNpi: row.clinicNpi })),
    );
    if (reached.length > 0) await tx.insertInto('documentEscalations').values(reached).execute();
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
    // Open inboxes fill as the batches commit: one event per clinic of the batch.
    for (const clinicNpi of new Set(inserted.map((row) => row.clinicNpi))) {
      const ids = inserted.filter((row) => row.clinicNpi === clinicNpi).map((row) => row.id);
      await publishDocumentsChanged(tx, { clinicNpi, ids, eventType: 'created' });
    }
  });
}
