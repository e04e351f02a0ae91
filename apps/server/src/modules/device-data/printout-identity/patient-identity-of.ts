import type { PatientIdentity } from '@portal/domain';
import type { PatientRecordRow } from '../../patients/patients.repository';
import { describePatientDevice, effectivePatientNames } from '../build-device-check-report';

/** The patient's side of a printout's identity check: effective names, id, date of birth, device. */
export function patientIdentityOf(patient: PatientRecordRow): PatientIdentity {
  const names = effectivePatientNames(patient);
  const device = describePatientDevice(patient);
  return {
    firstName: names.firstName,
    lastName: names.lastName,
    patientId: patient.patientId,
    dob: patient.dob ? patient.dob.slice(0, 10) : null,
    deviceModel: device.model,
    serial: device.serialNumber,
  };
}
