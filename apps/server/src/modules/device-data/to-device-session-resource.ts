import type {
  DeviceSession,
  LeadConfigurationKey,
  MeasurementSource,
  SessionDeviceType,
  SessionKind,
} from '@portal/domain';
import type { DeviceSessionRow } from './device-sessions.repository';

/** A session as the API shows it (the contract's deviceSessionSchema). */
export function toDeviceSessionResource(row: DeviceSessionRow): DeviceSession {
  return {
    id: row.id,
    clinicNpi: row.clinicNpi,
    patientRef: row.patientRef,
    deviceType: row.deviceType as SessionDeviceType,
    kind: row.kind as SessionKind,
    source: row.source as MeasurementSource,
    sessionDate: row.sessionDate.toISOString(),
    manufacturer: row.manufacturer,
    model: row.model,
    serialNumber: row.serialNumber,
    leadConfiguration: row.leadConfiguration as LeadConfigurationKey | null,
    documentId: row.documentId,
    createdAt: row.createdAt.toISOString(),
  };
}
