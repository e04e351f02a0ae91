import {
  type StudyDocumentMetadata,
  type StudyResults,
  type StudySuite,
  type StudyType,
  studyDocumentType,
} from '@portal/domain';
import { inTransaction } from '../../db/transaction';
import { effectivePatientNames } from '../device-data/build-device-check-report';
import type { IngestFields } from '../documents/ingest.schemas';
import {
  type IngestContext,
  prepareIngestedDocument,
  writeIngestedDocument,
} from '../documents/ingest-document';
import { findPatientInClinic } from '../patients/patients.repository';
import { advanceStudy } from './move-study';
import { findStudyById, type StudyListRow, updateStudyRow } from './studies.repository';
import { recordStudyEvent } from './study-audit';

/** Who the portal records as the actor of a vendor's work: the vendor, by name, never a user. */
export function vendorActor(suite: StudySuite): { id: string } {
  return { id: `vendor:${suite === 'sleep' ? 'zoll' : suite === 'wcd' ? 'infobionic' : 'biobeat'}` };
}

export type RecordedResults = { documentId: string; duplicate: boolean };

/**
 * A study's results become its document (issue 16 §1): the vendor's PDF is checked and stored, and in one
 * transaction the document is written in the clinic's inbox (type by suite and study type, its results in
 * `metadata.study`), the study keeps its results and document and moves to ready-for-review. The study's
 * row lock makes a duplicate delivery, even a concurrent one, find the first document: one document per
 * study, whatever the vendor sends twice. A cancelled or reviewed study takes no results.
 */
export async function recordStudyResults(
  context: IngestContext,
  studyId: string,
  delivery: { results: StudyResults; pdf: Uint8Array; completedAt: Date },
): Promise<RecordedResults> {
  const { db } = context;
  const study = await findStudyById(db, studyId);
  if (!study) throw new Error('recordStudyResults: no such study');
  if (study.documentId) return { documentId: study.documentId, duplicate: true };
  const patient = await findPatientInClinic(db, study.clinicNpi, study.patientRef);
  if (!patient) throw new Error('recordStudyResults: the study has no patient');
  const names = effectivePatientNames(patient);
  const metadata: StudyDocumentMetadata = {
    study: { id: study.id, suite: study.suite as StudySuite, results: delivery.results },
  };
  const fields: IngestFields = {
    clinicNpi: study.clinicNpi,
    type: studyDocumentType(
      study.suite as StudySuite,
      (study.studyType as StudyType | null) ?? undefined,
    ) as IngestFields['type'],
    serviceLine: study.suite,
    dos: delivery.completedAt.toISOString(),
    patientId: patient.patientId,
    patientFirstName: names.firstName,
    patientLastName: names.lastName,
    ...(patient.dob ? { patientDob: patient.dob } : {}),
    physicianNpi: study.orderingPhysicianNpi,
    physicianName: study.orderingPhysicianName,
    metadata,
  };
  const actor = vendorActor(study.suite as StudySuite);
  const prepared = await prepareIngestedDocument(context, actor, fields, delivery.pdf);
  return inTransaction(db, async (tx) => {
    const locked = (await findStudyById(tx, studyId, { forUpdate: true })) as StudyListRow;
    if (locked.documentId) return { documentId: locked.documentId, duplicate: true };
    if (locked.status === 'cancelled' || locked.status === 'reviewed')
      throw new StudyClosedError(locked.status);
    const documentId = await writeIngestedDocument(tx, actor, prepared);
    await updateStudyRow(tx, locked.id, { documentId, results: JSON.stringify(delivery.results) });
    await recordStudyEvent(tx, locked, {
      eventType: 'results_received',
      actorId: actor.id,
      after: { documentId, documentType: fields.type },
    });
    await advanceStudy(tx, locked, 'ready-for-review', { source: 'vendor', actorId: null });
    return { documentId, duplicate: false };
  });
}

/** Results for a study that was cancelled (or already reviewed): the vendor is told 409, nothing is written. */
export class StudyClosedError extends Error {
  override name = 'StudyClosedError';
  constructor(readonly status: string) {
    super(`The study is ${status} and takes no results`);
  }
}
