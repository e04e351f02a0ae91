import { assertCan, GLOBAL_CLINIC_NPI } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import { type Db, inTransaction } from '../../db/transaction';
import { UnprocessableError } from '../../http/errors';
import { recordAuditEvent } from '../audit/record-audit-event';
import { findOrganizationsByNpi } from '../clinics/clinics.repository';
import { ensurePatientsForDocuments } from './ensure-patients-for-documents';
import { findUnlinkedDocumentPatients, linkDocumentsOfPatients } from './patient-links.repository';

/** Patients handled per transaction: a large clinic is linked in steps, each committed. */
const BATCH_SIZE = 500;

export type PopulateCounts = { clinicNpi: string; patientsCreated: number; documentsLinked: number };

/**
 * POST clinics/populate-patients: links the named clinics' existing documents to their patients, creating
 * the patients that do not exist yet (issue 13 §3). Idempotent: a second run finds nothing to link. Only
 * provider-company admins may run it. Each clinic's run writes one event with its counts.
 */
export async function populatePatients(
  db: Db,
  actor: Actor,
  clinicNpis: readonly string[],
): Promise<{ data: PopulateCounts[]; patientsCreated: number; documentsLinked: number }> {
  assertCan(actor.user, 'patient:populate', GLOBAL_CLINIC_NPI);
  const wanted = [...new Set(clinicNpis)];
  const known = new Set((await findOrganizationsByNpi(db, wanted)).map((clinic) => clinic.npi));
  const unknown = wanted.filter((npi) => !known.has(npi));
  if (unknown.length > 0) {
    throw new UnprocessableError('Some clinics do not exist', [
      { field: 'clinicNpis', message: `no clinic has NPI ${unknown.join(', ')}` },
    ]);
  }
  const counts = new Map(
    wanted.map((npi) => [npi, { clinicNpi: npi, patientsCreated: 0, documentsLinked: 0 }]),
  );

  for (;;) {
    const linkedAny = await inTransaction(db, async (tx) => {
      const documents = await findUnlinkedDocumentPatients(tx, wanted, BATCH_SIZE);
      if (documents.length === 0) return false;
      const { created } = await ensurePatientsForDocuments(tx, documents, {
        actorId: actor.id,
        note: 'populate-patients',
      });
      for (const patient of created) {
        const entry = counts.get(patient.clinicNpi);
        if (entry) entry.patientsCreated += 1;
      }
      for (const [clinicNpi, patientIds] of groupByClinic(documents)) {
        const entry = counts.get(clinicNpi);
        if (entry) entry.documentsLinked += await linkDocumentsOfPatients(tx, clinicNpi, patientIds);
      }
      return true;
    });
    if (!linkedAny) break;
  }

  await inTransaction(db, async (tx) => {
    for (const entry of counts.values()) {
      if (entry.documentsLinked === 0 && entry.patientsCreated === 0) continue;
      await recordAuditEvent(tx, {
        clinicNpi: entry.clinicNpi,
        entityType: 'clinic',
        entityId: entry.clinicNpi,
        eventType: 'populate_patients',
        actorId: actor.id,
        after: { patientsCreated: entry.patientsCreated, documentsLinked: entry.documentsLinked },
      });
    }
  });
  const data = [...counts.values()];
  return {
    data,
    patientsCreated: data.reduce((sum, entry) => sum + entry.patientsCreated, 0),
    documentsLinked: data.reduce((sum, entry) => sum + entry.documentsLinked, 0),
  };
}

function groupByClinic(documents: readonly { clinicNpi: string; patientId: string }[]) {
  const groups = new Map<string, string[]>();
  for (const { clinicNpi, patientId } of documents) {
    groups.set(clinicNpi, [...(groups.get(clinicNpi) ?? []), patientId]);
  }
  return groups;
}
