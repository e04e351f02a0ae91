import { randomBytes } from 'node:crypto';
import { sampleClinics } from '@portal/domain';
import { demoClinicNpi } from '../db/seed-demo-data';
import type { Db } from '../db/transaction';
import { serializeRoles } from '../modules/users/users.repository';

/** The demo clinic the clinic-role demo accounts work at, and another clinic none of them may see. */
export const OWN_CLINIC_NPI = demoClinicNpi();
export const OTHER_CLINIC_NPI = (() => {
  const other = sampleClinics.find((clinic) => clinic.npi !== OWN_CLINIC_NPI);
  if (!other) throw new Error('need a second sample clinic');
  return other.npi;
})();

export const DEMO_EMAILS = [
  'provider@example.org',
  'nurse@example.org',
  'readonly@example.org',
  'devicetech@example.org',
  'clinicadmin@example.org',
  'irhadmin@example.org',
  'sysadmin@example.org',
  'irhtech@example.org',
  'irhreporting@example.org',
  'irhfinance@example.org',
] as const;

/** Inserts a local user with one role at a clinic, straight into the database. */
export async function insertUser(db: Db, options: { clinicNpi: string; role?: string; email?: string }) {
  const suffix = randomBytes(6).toString('hex');
  const id = `auth0|fixture-${suffix}`;
  const email = options.email ?? `fixture-${suffix}@example.org`;
  await db
    .insertInto('users')
    .values({
      id,
      email,
      firstName: 'Fixture',
      lastName: suffix,
      roles: serializeRoles([{ role: options.role ?? 'nurse', clinicNPI: options.clinicNpi }]),
    })
    .execute();
  return { id, email };
}

/**
 * Gives a (demo) user exactly these roles, straight in the database: a test or benchmark that needs, say,
 * the demo provider at two particular clinics. `user` is the user's e-mail or id.
 */
export async function setUserRoles(
  db: Db,
  user: { email: string } | { id: string },
  roles: readonly { role: string; clinicNPI: string }[],
): Promise<void> {
  const update = db.updateTable('users').set({ roles: serializeRoles(roles) });
  await ('email' in user
    ? update.where('email', '=', user.email)
    : update.where('id', '=', user.id)
  ).execute();
}

/** A tiny valid one-page PDF, made once, for documents whose PDF content does not matter to a test. */
let samplePdf: Promise<Uint8Array> | undefined;
export function getSamplePdf(): Promise<Uint8Array> {
  samplePdf ??= (async () => {
    const { PDFDocument, StandardFonts } = await import('pdf-lib');
    const pdf = await PDFDocument.create();
    const page = pdf.addPage([612, 792]);
    page.drawText('Remote monitoring report (test)', {
      x: 72,
      y: 700,
      size: 14,
      font: await pdf.embedFont(StandardFonts.Helvetica),
    });
    return pdf.save();
  })();
  return samplePdf;
}

/** Inserts a document straight into the database, its PDF in storage. */
export async function insertDocument(
  db: Db,
  storage: { put: (bytes: Uint8Array) => Promise<{ sha256: string }> },
  options: {
    clinicNpi: string;
    type?: string;
    serviceLine?: string;
    status?: string;
    alert?: string | null;
    assignedTo?: string | null;
    patientLastName?: string;
    dos?: Date;
    /** The patient record the document belongs to. */
    patientRef?: string | null;
    alertType?: string | null;
    alertText?: string | null;
    deletedAt?: Date | null;
  },
) {
  const stored = await storage.put(await getSamplePdf());
  const dos = options.dos ?? new Date('2026-11-01T10:00:00Z');
  return db
    .insertInto('documents')
    .values({
      clinicNpi: options.clinicNpi,
      type: options.type ?? 'implicity-90-day-remote-report',
      serviceLine: options.serviceLine ?? 'crm',
      status: options.status ?? 'unsigned',
      alert: options.alert ?? null,
      alertType: options.alertType ?? null,
      alertText: options.alertText ?? null,
      deletedAt: options.deletedAt ?? null,
      patientRef: options.patientRef ?? null,
      assignedTo: options.assignedTo === undefined ? null : options.assignedTo,
      dos,
      dosKey: -dos.getTime(),
      patientId: `P-${randomBytes(4).toString('hex')}`,
      patientFirstName: 'Test',
      patientLastName: options.patientLastName ?? 'Patient',
      originalSha256: stored.sha256,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

let patientSerial = 0;

/**
 * Inserts a patient record straight into the database (no audit event): unique patient id, name and dob
 * unless given, so fixtures never look like duplicates of each other.
 */
export async function insertPatient(
  db: Db,
  options: {
    clinicNpi: string;
    patientId?: string;
    fmId?: string | null;
    firstName?: string;
    lastName?: string;
    dob?: string | null;
    oacStatus?: string | null;
    oacHistory?: {
      id: string;
      medicationName: string | null;
      startDate: string;
      endDate: string | null;
      updatedBy: string | null;
      updatedAt: string;
    }[];
    medicalInfo?: Record<string, unknown> | null;
    deviceInfo?: Record<string, unknown> | null;
    override?: Record<string, unknown> | null;
  },
) {
  patientSerial += 1;
  const suffix = randomBytes(4).toString('hex');
  const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));
  // A different dob for each fixture of a file (names alike and one dob would be likely duplicates).
  const nextDay = new Date(Date.UTC(1930, 0, 1) + patientSerial * 86_400_000).toISOString().slice(0, 10);
  return db
    .insertInto('patients')
    .values({
      clinicNpi: options.clinicNpi,
      patientId: options.patientId ?? `FX-${suffix}`,
      fmId: options.fmId ?? null,
      firstName: options.firstName ?? `Fixture${suffix}`,
      lastName: options.lastName ?? `Patient${patientSerial}x${suffix}`,
      dob: options.dob === undefined ? nextDay : options.dob,
      oacStatus: options.oacStatus ?? null,
      oacHistory: JSON.stringify(options.oacHistory ?? []),
      medicalInfo: json(options.medicalInfo),
      deviceInfo: json(options.deviceInfo),
      override: json(options.override),
    })
    .returning(['id', 'clinicNpi', 'patientId', 'fmId'])
    .executeTakeFirstOrThrow();
}

/** Turns a clinic's feature flag on or off (the clinic's own row, as an administrator would set it). */
export async function setClinicFeatureFlag(
  db: Db,
  name: string,
  enabled: boolean,
  clinicNpi: string = OWN_CLINIC_NPI,
): Promise<void> {
  const { id: organizationId } = await db
    .selectFrom('organizations')
    .select('id')
    .where('npi', '=', clinicNpi)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('organizationFeatureFlags')
    .values({ organizationId, name, enabled })
    .onConflict((conflict) => conflict.columns(['organizationId', 'name']).doUpdateSet({ enabled }))
    .execute();
}

/** Sets a clinic's own value of a setting (as an administrator would). */
export async function setClinicSetting(
  db: Db,
  name: string,
  setting: { enabled: boolean; value: string | null },
  clinicNpi: string = OWN_CLINIC_NPI,
): Promise<void> {
  const { id: organizationId } = await db
    .selectFrom('organizations')
    .select('id')
    .where('npi', '=', clinicNpi)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('organizationWorkflows')
    .values({ organizationId, name, ...setting })
    .onConflict((conflict) => conflict.columns(['organizationId', 'name']).doUpdateSet(setting))
    .execute();
}

/** A valid NPI (check digit right) for an ordering physician in fixtures. */
export const FIXTURE_PHYSICIAN_NPI = '1234567893';

/**
 * A study of a patient, written straight to the database: new and not sent unless told otherwise. A sleep
 * study becomes the patient's sleep profile's current study (the profile made if needed).
 */
export async function insertStudy(
  db: Db,
  options: {
    clinicNpi: string;
    patientRef: string;
    suite: 'sleep' | 'wcd' | 'abpm';
    studyType?: 'Holter' | 'Ext Holter' | 'Event' | 'MCT';
    status?: string;
    pushState?: string;
    vendorReference?: string | null;
    documentId?: string | null;
  },
): Promise<string> {
  const { id } = await db
    .insertInto('studies')
    .values({
      clinicNpi: options.clinicNpi,
      patientRef: options.patientRef,
      suite: options.suite,
      studyType: options.suite === 'wcd' ? (options.studyType ?? 'MCT') : null,
      status: options.status ?? 'new',
      pushState: options.pushState ?? 'not-sent',
      vendorReference: options.vendorReference ?? null,
      documentId: options.documentId ?? null,
      orderingPhysicianNpi: FIXTURE_PHYSICIAN_NPI,
      orderingPhysicianName: 'Dr Fixture Orderer',
      duration: options.suite === 'abpm' ? 24 : 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (options.suite === 'sleep') {
    await db
      .insertInto('sleepProfiles')
      .values({
        patientRef: options.patientRef,
        clinicNpi: options.clinicNpi,
        heightCm: null,
        weightKg: null,
        neckCircumferenceCm: null,
        epworthScore: null,
        currentStudyId: id,
        updatedBy: null,
      })
      .onConflict((conflict) => conflict.column('patientRef').doUpdateSet({ currentStudyId: id }))
      .execute();
  }
  return id;
}
