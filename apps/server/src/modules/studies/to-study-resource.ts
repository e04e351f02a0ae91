import {
  formatUserDisplayName,
  type StudyResource,
  type StudyResults,
  type StudyStatus,
  type StudyType,
  studyResultsSchema,
  type UserRole,
} from '@portal/domain';
import type { Db, Tx } from '../../db/transaction';
import { findStatusChanges, type StudyListRow, type StudyStatusChangeRow } from './studies.repository';

function actorName(change: StudyStatusChangeRow): string | null {
  if (change.actorEmail === null) return null;
  return formatUserDisplayName({
    email: change.actorEmail,
    firstName: change.actorFirstName,
    lastName: change.actorLastName,
    title: change.actorTitle,
    suffixes: change.actorSuffixes,
    roles: Array.isArray(change.actorRoles) ? (change.actorRoles as UserRole[]) : [],
  });
}

function storedResults(value: unknown): StudyResults | null {
  const parsed = studyResultsSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export function toStudyResource(row: StudyListRow, changes: readonly StudyStatusChangeRow[]): StudyResource {
  return {
    id: row.id,
    attributes: {
      clinicNpi: row.clinicNpi,
      patientId: row.patientRef,
      patientName: `${row.patientLastName}, ${row.patientFirstName}`,
      patientMrn: row.patientId,
      suite: row.suite as StudyResource['attributes']['suite'],
      studyType: (row.studyType as StudyType | null) ?? null,
      status: row.status as StudyStatus,
      orderingPhysicianNpi: row.orderingPhysicianNpi,
      orderingPhysicianName: row.orderingPhysicianName,
      startDate: row.startDate,
      duration: row.duration,
      notes: row.notes,
      vendorReference: row.vendorReference,
      push: {
        state: row.pushState as StudyResource['attributes']['push']['state'],
        error: row.pushError,
        at: row.pushedAt?.toISOString() ?? null,
      },
      results: storedResults(row.results),
      documentId: row.documentId,
      statusHistory: changes.map((change) => ({
        from: change.fromStatus as StudyStatus | null,
        to: change.toStatus as StudyStatus,
        at: change.changedAt.toISOString(),
        actorName: actorName(change),
        source: change.source as 'user' | 'vendor' | 'signature',
      })),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    },
  };
}

/** Studies as the API answers them, each with its status history (one query for all of them). */
export async function loadStudyResources(
  db: Db | Tx,
  rows: readonly StudyListRow[],
): Promise<StudyResource[]> {
  const changes = await findStatusChanges(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) =>
    toStudyResource(
      row,
      changes.filter((change) => change.studyId === row.id),
    ),
  );
}

export async function loadStudyResource(db: Db | Tx, row: StudyListRow): Promise<StudyResource> {
  const [resource] = await loadStudyResources(db, [row]);
  return resource as StudyResource;
}
