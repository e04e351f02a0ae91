import type { DocumentResource } from '@portal/domain';
import type { DocumentRow } from '../../db/schema';
import type { Db, Tx } from '../../db/transaction';
import { findAfWithoutOacPatients } from '../patients/find-af-without-oac-patients';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function storagePathFor(documentId: string): string {
  return `/api/reports/blob-storage/${documentId}`;
}

/**
 * The API shape of a document: `{id, attributes}` with every SPEC §3 attribute, and its patient's link
 * and AF-without-OAC flag (`afWithoutOac`: the patient records so flagged; see loadDocumentResources).
 */
export function toDocumentResource(
  row: DocumentRow & { clinicName: string },
  afWithoutOac: ReadonlySet<string>,
): DocumentResource {
  return {
    id: row.id,
    attributes: {
      clinicNpi: row.clinicNpi,
      clinicName: row.clinicName,
      type: row.type,
      alert: row.alert,
      alertType: row.alertType,
      alertText: row.alertText,
      status: row.status,
      assignedTo: row.assignedTo,
      dos: row.dos.toISOString(),
      device: row.device,
      deviceDetail: (row.deviceDetail as DocumentResource['attributes']['deviceDetail']) ?? null,
      patientId: row.patientId,
      patientDob: row.patientDob ? row.patientDob.toISOString().slice(0, 10) : null,
      patientFirstName: row.patientFirstName,
      patientLastName: row.patientLastName,
      patientPhone: row.patientPhone,
      patientSource: row.patientSource,
      patientInfo: (row.patientInfo as Record<string, unknown> | null) ?? null,
      physicianName: row.physicianName,
      physicianNpi: row.physicianNpi,
      practiceLocation: row.practiceLocation,
      rpmEncounterId: row.rpmEncounterId,
      serviceLine: row.serviceLine,
      cptCodes: row.cptCodes,
      icd10Codes: row.icd10Codes,
      isOnOac: row.isOnOac,
      isPinned: row.isPinned,
      locked: row.locked,
      isDownloaded: row.isDownloaded,
      isHidden: row.isHidden,
      systemError: row.systemError,
      isDraft: row.isDraft,
      hasEpisodes: row.hasEpisodes,
      longitudinal: row.longitudinal,
      note: row.note,
      comment: row.comment,
      assessmentPlan: row.assessmentPlan,
      certifiedBy: row.certifiedBy,
      clinicalStart: iso(row.clinicalStart),
      clinicalEnd: iso(row.clinicalEnd),
      emrNumber: row.emrNumber,
      auditNote: row.auditNote,
      metadata: row.metadata ?? {},
      signedBy: row.signedBy,
      signedAt: iso(row.signedAt),
      isDeleted: row.deletedAt !== null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      storagePath: storagePathFor(row.id),
      patientRef: row.patientRef,
      patientIsAfWithoutOac: row.patientRef !== null && afWithoutOac.has(row.patientRef),
      dueAt: iso(row.dueAt),
    },
  };
}

/** Documents as the API shows them, their patients' AF-without-OAC flags read in two queries for all. */
export async function loadDocumentResources(
  db: Db | Tx,
  rows: readonly (DocumentRow & { clinicName: string })[],
): Promise<DocumentResource[]> {
  const patientRefs = [...new Set(rows.flatMap((row) => (row.patientRef ? [row.patientRef] : [])))];
  const flagged = await findAfWithoutOacPatients(db, patientRefs);
  return rows.map((row) => toDocumentResource(row, flagged));
}

/** One document as the API shows it (see loadDocumentResources). */
export async function loadDocumentResource(
  db: Db | Tx,
  row: DocumentRow & { clinicName: string },
): Promise<DocumentResource> {
  const [resource] = await loadDocumentResources(db, [row]);
  if (!resource) throw new Error('document resource missing');
  return resource;
}
