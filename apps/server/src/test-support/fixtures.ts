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
