import { sql } from 'kysely';
import type { Db, Tx } from '../../db/transaction';

export type MonitoredPatientRow = {
  id: string;
  patientId: string;
  firstName: string;
  lastName: string;
  deviceType: string;
  connectivity: string | null;
  createdAt: Date;
  lastTransmissionAt: Date | null;
};

/**
 * A clinic's patients whose device is expected to transmit (pacemakers, ICDs, loop recorders, RPM), each
 * with its last remote transmission; one patient when `patientRef` is given.
 */
export async function findMonitoredPatients(
  db: Db | Tx,
  clinicNpi: string,
  deviceTypes: readonly string[],
  patientRef?: string,
): Promise<MonitoredPatientRow[]> {
  return db
    .selectFrom('patients as p')
    .select([
      'p.id',
      'p.patientId',
      'p.firstName',
      'p.lastName',
      sql<string>`p.device_info ->> 'deviceType'`.as('deviceType'),
      sql<string | null>`p.device_info ->> 'connectivity'`.as('connectivity'),
      'p.createdAt',
      sql<Date | null>`(SELECT max(s.session_date) FROM device_sessions s
        WHERE s.patient_ref = p.id AND s.kind = 'remote')`.as('lastTransmissionAt'),
    ])
    .where('p.clinicNpi', '=', clinicNpi)
    .where(sql<string>`p.device_info ->> 'deviceType'`, 'in', [...deviceTypes])
    .$if(patientRef !== undefined, (query) => query.where('p.id', '=', patientRef as string))
    .execute() as Promise<MonitoredPatientRow[]>;
}
