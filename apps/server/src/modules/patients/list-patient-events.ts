import { can, formatUserDisplayName, type PatientEvent, type UserRole } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/transaction';
import { describePatientEvent, patientEventKind } from './describe-patient-event';
import { getPatientInScope } from './patient-scope';
import { findPatientEventsPage, type PatientEventRow } from './patients.repository';

function toPatientEvent(row: PatientEventRow): PatientEvent {
  const hasActorRow = row.actorEmail !== null;
  return {
    id: row.id,
    kind: patientEventKind(row),
    eventType: row.eventType,
    createdAt: row.createdAt.toISOString(),
    actorId: row.actorId,
    actorName: hasActorRow
      ? formatUserDisplayName({
          email: row.actorEmail,
          firstName: row.actorFirstName,
          lastName: row.actorLastName,
          title: row.actorTitle,
          suffixes: row.actorSuffixes,
          roles: Array.isArray(row.actorRoles) ? (row.actorRoles as UserRole[]) : [],
        })
      : null,
    documentId: row.entityType === 'document' ? row.entityId : null,
    documentType: row.entityType === 'document' ? row.documentType : null,
    summary: describePatientEvent(row),
  };
}

/**
 * GET clinics/{npi}/patients/{id}/events: the patient's timeline, newest first and paged: changes to the
 * record, its OAC and syncs, and the events of the patient's documents for those who may read documents
 * at the clinic (a device technician sees the patient, not the documents).
 */
export async function listPatientEvents(
  db: Db,
  actor: Actor,
  target: { clinicNpi: string; id: string },
  page: { offset: number; limit: number },
) {
  const patient = await getPatientInScope(db, actor, target);
  const { rows, totalCount } = await findPatientEventsPage(db, {
    clinicNpi: patient.clinicNpi,
    patientRef: patient.id,
    includeDocuments: can(actor.user, 'document:read', patient.clinicNpi),
    offset: page.offset,
    limit: page.limit,
  });
  return { data: rows.map(toPatientEvent), totalCount };
}
