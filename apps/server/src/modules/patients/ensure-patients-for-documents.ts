import type { Tx } from '../../db/transaction';
import { recordAuditEvent } from '../audit/record-audit-event';
import { type DocumentPatientFacts, patientFromDocument } from './patient-from-document';
import { findPatientRefs, insertMissingPatients } from './patient-links.repository';

/** The key of a clinic's patient in the answer of ensurePatientsForDocuments. */
export function clinicPatientKey(clinicNpi: string, patientId: string): string {
  return `${clinicNpi}\u0000${patientId}`;
}

/**
 * The patient record of each document's clinic and patient id, created where none exists (issue 13 §3).
 * Each patient created writes its 'created' event in the caller's transaction. Concurrent calls are safe:
 * the unique (clinic, patient id) key lets one insert win and the others find it.
 */
export async function ensurePatientsForDocuments(
  tx: Tx,
  documents: readonly DocumentPatientFacts[],
  options: { actorId: string | null; note: string },
): Promise<{ refs: Map<string, string>; created: { clinicNpi: string; id: string }[] }> {
  const firstOfEach = new Map<string, DocumentPatientFacts>();
  for (const document of documents) {
    const key = clinicPatientKey(document.clinicNpi, document.patientId);
    if (!firstOfEach.has(key)) firstOfEach.set(key, document);
  }
  const created = await insertMissingPatients(
    tx,
    [...firstOfEach.values()].map((document) => patientFromDocument(document, options.actorId)),
  );
  for (const patient of created) {
    await recordAuditEvent(tx, {
      clinicNpi: patient.clinicNpi,
      entityType: 'patient',
      entityId: patient.id,
      eventType: 'created',
      actorId: options.actorId,
      note: options.note,
      after: { patientId: patient.patientId, source: 'documents' },
    });
  }
  const refs = new Map<string, string>();
  const byClinic = new Map<string, string[]>();
  for (const document of firstOfEach.values()) {
    byClinic.set(document.clinicNpi, [...(byClinic.get(document.clinicNpi) ?? []), document.patientId]);
  }
  for (const [clinicNpi, patientIds] of byClinic) {
    for (const row of await findPatientRefs(tx, clinicNpi, patientIds)) {
      refs.set(clinicPatientKey(clinicNpi, row.patientId), row.id);
    }
  }
  return { refs, created };
}
