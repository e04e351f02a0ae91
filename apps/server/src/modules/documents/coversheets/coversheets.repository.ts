import type { Db, Tx } from '../../../db/transaction';

type Executor = Db | Tx;

// Reads for a coversheet. The document itself was found in the actor's scope first; these read what
// belongs to that document (its session, its patient, the patient's earlier signed reports), nothing else.

/** The device session a document reports on (device_sessions.document_id), if any. */
export async function findDocumentSession(db: Executor, documentId: string) {
  return db
    .selectFrom('deviceSessions')
    .select(['id', 'deviceType', 'kind', 'sessionDate', 'manufacturer', 'model', 'serialNumber'])
    .where('documentId', '=', documentId)
    .orderBy('sessionDate', 'desc')
    .executeTakeFirst();
}

/** The document's patient record, at the document's clinic. */
export async function findCoversheetPatient(db: Executor, clinicNpi: string, patientRef: string) {
  return db
    .selectFrom('patients')
    .select([
      'id',
      'patientId',
      'firstName',
      'lastName',
      'dob',
      'oacStatus',
      'oacHistory',
      'deviceInfo',
      'medicalInfo',
    ])
    .where('id', '=', patientRef)
    .where('clinicNpi', '=', clinicNpi)
    .executeTakeFirst();
}

/**
 * The last billed period before a document: the patient's latest signed document of the same type at
 * the same clinic with an earlier date of service, not in the trash.
 */
export async function findLastBilledDocument(
  db: Executor,
  document: {
    id: string;
    clinicNpi: string;
    type: string;
    dos: Date;
    patientRef: string | null;
    patientId: string;
  },
) {
  let query = db
    .selectFrom('documents')
    .select(['dos', 'clinicalEnd'])
    .where('clinicNpi', '=', document.clinicNpi)
    .where('type', '=', document.type)
    .where('id', '!=', document.id)
    .where('signedAt', 'is not', null)
    .where('deletedAt', 'is', null)
    .where('dos', '<', document.dos);
  query = document.patientRef
    ? query.where('patientRef', '=', document.patientRef)
    : query.where('patientId', '=', document.patientId);
  return query.orderBy('dos', 'desc').limit(1).executeTakeFirst();
}
