import {
  DAY_MS,
  daysOverdue,
  type OverdueTransmissions,
  type TransmissionStatus,
  transmissionRulesOf,
  transmissionScheduleOf,
} from '@portal/domain';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/transaction';
import { loadClinicConfiguration } from '../clinics/load-clinic-configuration';
import { assertPatientClinicInScope, getPatientInScope } from './patient-scope';
import { findMonitoredPatients, type MonitoredPatientRow } from './transmissions.repository';

/** The device types expected to transmit on a schedule (issue 17 §2). */
const MONITORED_DEVICE_TYPES = ['PM', 'ICD', 'CRT-P', 'CRT-D', 'ILR', 'RPM'] as const;

function statusOf(
  row: MonitoredPatientRow,
  rules: ReturnType<typeof transmissionRulesOf>,
  now: Date,
): TransmissionStatus | null {
  const schedule = transmissionScheduleOf(row.deviceType);
  if (!schedule) return null;
  const scheduleDays = rules.scheduleDays[schedule];
  const from = row.lastTransmissionAt ?? row.createdAt;
  return {
    patientId: row.id,
    patientMrn: row.patientId,
    patientName: `${row.lastName}, ${row.firstName}`,
    deviceType: row.deviceType,
    connectivity: (row.connectivity as TransmissionStatus['connectivity']) ?? null,
    lastTransmissionAt: row.lastTransmissionAt?.toISOString() ?? null,
    scheduleDays,
    overdueFrom: new Date(from.getTime() + (scheduleDays + rules.graceDays) * DAY_MS).toISOString(),
    daysOverdue: daysOverdue(
      {
        lastTransmissionAt: row.lastTransmissionAt,
        since: row.createdAt,
        scheduleDays,
        graceDays: rules.graceDays,
      },
      now,
    ),
  };
}

/**
 * GET clinics/{npi}/overdue-transmissions (issue 17 §2): the clinic's monitored patients whose next
 * transmission is overdue (the clinic's schedule for the device, plus its grace), most overdue first.
 */
export async function listOverdueTransmissions(
  db: Db,
  actor: Actor,
  clinicNpi: string,
  now: Date = new Date(),
): Promise<OverdueTransmissions> {
  await assertPatientClinicInScope(db, actor, clinicNpi);
  const rules = transmissionRulesOf((await loadClinicConfiguration(db, clinicNpi)).settings);
  const monitored = (await findMonitoredPatients(db, clinicNpi, MONITORED_DEVICE_TYPES)).flatMap((row) => {
    const status = statusOf(row, rules, now);
    return status ? [status] : [];
  });
  const overdue = monitored
    .filter((status) => status.daysOverdue > 0)
    .sort((a, b) => b.daysOverdue - a.daysOverdue || a.patientName.localeCompare(b.patientName));
  return { data: overdue, metadata: { totalCount: overdue.length, monitoredCount: monitored.length } };
}

/** GET clinics/{npi}/patients/{id}/transmission-status: one patient's, or null for an unmonitored device. */
export async function getTransmissionStatus(
  db: Db,
  actor: Actor,
  target: { clinicNpi: string; id: string },
  now: Date = new Date(),
): Promise<{ data: TransmissionStatus | null }> {
  const patient = await getPatientInScope(db, actor, target);
  const rules = transmissionRulesOf((await loadClinicConfiguration(db, patient.clinicNpi)).settings);
  const [row] = await findMonitoredPatients(db, patient.clinicNpi, MONITORED_DEVICE_TYPES, patient.id);
  return { data: row ? statusOf(row, rules, now) : null };
}
