import type { DocumentResource } from '@portal/domain';
import type { DocumentRow } from '../../db/schema';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function storagePathFor(documentId: string): string {
  return `/api/reports/blob-storage/${documentId}`;
}

/** The API shape of a document: `{id, attributes}` with every SPEC §3 attribute. */
export function toDocumentResource(row: DocumentRow & { clinicName: string }): DocumentResource {
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
    },
  };
}
