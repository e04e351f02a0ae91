import {
  formatUserDisplayName,
  type LeadConfigurationKey,
  MANUFACTURER_NAMES,
  resolveEffectivePatientFields,
  type SessionDeviceType,
  type UserRole,
} from '@portal/domain';
import type { Db, Tx } from '../../db/transaction';
import { findOrganizationByNpi } from '../clinics/clinics.repository';
import type { PatientRecordRow } from '../patients/patients.repository';
import { toPatientRecord } from '../patients/to-patient-resource';
import { findUserById } from '../users/users.repository';
import { type DeviceCheckReportInput, generateDeviceCheckPdf } from './generate-device-check-pdf';

/** The patient's device as the patient record has it: what the session and the report name. */
export function describePatientDevice(patient: PatientRecordRow) {
  const device = toPatientRecord(patient).deviceInfo;
  const code = device?.manufacturer;
  return {
    manufacturer: code ? (MANUFACTURER_NAMES[code] ?? code) : null,
    model: device?.model ?? device?.modelNumber ?? null,
    serialNumber: device?.serialNumber ?? null,
  };
}

/** The names a document shows for its patient: the effective ones (overrides over the sync). */
export function effectivePatientNames(patient: PatientRecordRow) {
  const effective = resolveEffectivePatientFields(toPatientRecord(patient));
  return {
    firstName: effective.firstName.value ?? patient.firstName,
    lastName: effective.lastName.value ?? patient.lastName,
    physicianNpi: effective.physicianNpi.value,
  };
}

/** The in-person device check report's PDF for a session's values, as its technician recorded them. */
export async function buildDeviceCheckReport(
  db: Db | Tx,
  check: {
    patient: PatientRecordRow;
    technicianId: string;
    deviceType: SessionDeviceType;
    leadConfiguration: LeadConfigurationKey;
    sessionDate: Date;
    measurements: DeviceCheckReportInput['measurements'];
    observations: string;
    programmingChanges: string | null;
    nextFollowUp: string | null;
  },
): Promise<{ bytes: Uint8Array; pageCount: number }> {
  const [clinic, technician] = await Promise.all([
    findOrganizationByNpi(db, check.patient.clinicNpi),
    findUserById(db, check.technicianId),
  ]);
  const names = effectivePatientNames(check.patient);
  return generateDeviceCheckPdf({
    clinicName: clinic?.name ?? check.patient.clinicNpi,
    patient: {
      name: `${names.firstName} ${names.lastName}`,
      patientId: check.patient.patientId,
      dob: check.patient.dob,
    },
    device: { type: check.deviceType, ...describePatientDevice(check.patient) },
    leadConfiguration: check.leadConfiguration,
    sessionDate: check.sessionDate,
    measurements: check.measurements,
    observations: check.observations,
    programmingChanges: check.programmingChanges,
    nextFollowUp: check.nextFollowUp,
    technicianName: technician
      ? formatUserDisplayName({ ...technician, roles: technician.roles as UserRole[] })
      : 'a technician',
    generatedAt: new Date(),
  });
}
