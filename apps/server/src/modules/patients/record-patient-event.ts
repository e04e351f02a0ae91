import type { Tx } from '../../db/transaction';
import { recordAuditEvent } from '../audit/record-audit-event';

/**
 * Writes one of a patient's audit events (entity 'patient', the clinic's chain) in the caller's
 * transaction, beside the change it records. Event types: PATIENT_AUDIT_EVENT_TYPES.
 */
export async function recordPatientEvent(
  tx: Tx,
  options: {
    patient: { id: string; clinicNpi: string };
    actorId: string;
    eventType: string;
    before?: unknown;
    after?: unknown;
    note?: string;
  },
) {
  return recordAuditEvent(tx, {
    clinicNpi: options.patient.clinicNpi,
    entityType: 'patient',
    entityId: options.patient.id,
    eventType: options.eventType,
    actorId: options.actorId,
    note: options.note ?? null,
    before: options.before ?? null,
    after: options.after ?? null,
  });
}
