import { assertCan, PATIENT_AUDIT_EVENT_TYPES } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import type { Config } from '../../config';
import { type Db, inTransaction } from '../../db/transaction';
import { HttpError, NotFoundError, UnprocessableError } from '../../http/errors';
import { createFileMakerClient } from '../../integrations/filemaker/filemaker-client';
import {
  FileMakerAuthenticationError,
  FileMakerRecordNotFoundError,
  FileMakerResponseError,
  FileMakerUnavailableError,
} from '../../integrations/filemaker/filemaker-errors';
import type { FileMakerPatientRecord } from '../../integrations/filemaker/filemaker-patient-record';
import { recordAuditEvent } from '../audit/record-audit-event';
import { mergeSyncedGroup, syncedValuesOf } from './filemaker-record-to-patient';
import { assertPatientClinicInScope } from './patient-scope';
import {
  findPatientByFmId,
  findPatientByPatientId,
  insertPatientRow,
  lockClinicPatientIdentities,
  type PatientRecordRow,
  updatePatientRow,
} from './patients.repository';

/** FileMaker failed us, not the caller: 502, with a message a person at the clinic can act on. */
export class FileMakerSyncError extends HttpError {
  constructor(message: string) {
    super(502, message);
    this.name = 'FileMakerSyncError';
  }
}

type FileMakerSettings = NonNullable<Config['fileMaker']>;

/** Fetches the record, turning the client's failures into answers; nothing is written before it returns. */
async function fetchRecord(
  settings: FileMakerSettings,
  fmId: string,
  options: { signal?: AbortSignal; log?: { warn(details: Record<string, unknown>, message: string): void } },
): Promise<FileMakerPatientRecord> {
  const client = createFileMakerClient({ ...settings, ...(options.log ? { log: options.log } : {}) });
  // One sync waits at most syncTimeoutMs, retries included (SPEC §9's back-off goes on far longer).
  const deadline = AbortSignal.timeout(settings.syncTimeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
  try {
    return await client.fetchPatientRecord(fmId, { signal });
  } catch (error) {
    if (error instanceof FileMakerRecordNotFoundError) throw new NotFoundError('FileMaker record');
    if (error instanceof FileMakerUnavailableError) {
      throw new FileMakerSyncError(
        error.reason === 'cancelled' && deadline.aborted
          ? `The FileMaker server did not answer within ${Math.round(settings.syncTimeoutMs / 1000)} s; nothing was changed. Try again later.`
          : `${error.message} Nothing was changed; try again later.`,
      );
    }
    if (error instanceof FileMakerAuthenticationError || error instanceof FileMakerResponseError) {
      throw new FileMakerSyncError(
        `${error.message} Nothing was changed; ask an administrator to check the FileMaker settings.`,
      );
    }
    throw error;
  } finally {
    await client.close();
  }
}

/** What a sync compares and records: the synced columns, never the overrides. */
function syncedSnapshot(row: PatientRecordRow) {
  return {
    patientId: row.patientId,
    fmId: row.fmId,
    firstName: row.firstName,
    middleName: row.middleName,
    lastName: row.lastName,
    dob: row.dob,
    gender: row.gender,
    physicianNpi: row.physicianNpi,
    medicalInfo: row.medicalInfo,
    deviceInfo: row.deviceInfo,
    contactInfo: row.contactInfo,
  };
}

/**
 * GET clinics/{npi}/search/by-fm-id/{id}?forceSync=true: fetches FileMaker record `fmId` and merges it
 * into the clinic's patient with that record id (or, failing that, the same patient id), creating the
 * patient when there is none. Overrides are never touched. A patient event records the sync. When
 * FileMaker cannot be reached nothing changes and the answer is 502.
 */
export async function syncPatientFromFileMaker(
  db: Db,
  actor: Actor,
  input: {
    clinicNpi: string;
    fmId: string;
    settings: Config['fileMaker'];
    signal?: AbortSignal;
    log?: { warn(details: Record<string, unknown>, message: string): void };
  },
): Promise<PatientRecordRow> {
  await assertPatientClinicInScope(db, actor, input.clinicNpi);
  // Reading a patient by FileMaker id is 'patient:read' (the route's); a sync writes, so it needs more.
  // It only takes the system of record's values (overrides stay), so a device technician may run it.
  assertCan(actor.user, 'patient:update-device', input.clinicNpi);
  if (!input.settings) {
    throw new FileMakerSyncError('No FileMaker server is configured (FILEMAKER_URL); nothing was changed.');
  }
  const record = await fetchRecord(input.settings, input.fmId, input);
  const synced = syncedValuesOf(record);

  return inTransaction(db, async (tx) => {
    // The lock create and edits take too: no one else gives out a patient id of this clinic meanwhile.
    await lockClinicPatientIdentities(tx, input.clinicNpi);
    const holder = synced.patientId
      ? await findPatientByPatientId(tx, input.clinicNpi, synced.patientId)
      : undefined;
    const existing = (await findPatientByFmId(tx, input.clinicNpi, record.recordId)) ?? holder;
    if (holder && existing && holder.id !== existing.id) {
      throw new UnprocessableError('Another patient of this clinic has the FileMaker record’s patient id', [
        { field: 'PatientID', message: 'belongs to another patient of this clinic' },
      ]);
    }
    const now = new Date();
    const columns = {
      fmId: record.recordId,
      ...(synced.firstName ? { firstName: synced.firstName } : {}),
      ...(synced.middleName ? { middleName: synced.middleName } : {}),
      ...(synced.lastName ? { lastName: synced.lastName } : {}),
      ...(synced.dob ? { dob: synced.dob } : {}),
      ...(synced.gender ? { gender: synced.gender } : {}),
      ...(synced.physicianNpi ? { physicianNpi: synced.physicianNpi } : {}),
      syncedAt: now,
      updatedAt: now,
      updatedBy: actor.id,
    };
    const groups = (row: PatientRecordRow | undefined) => ({
      medicalInfo: JSON.stringify(mergeSyncedGroup(row?.medicalInfo ?? null, synced.medicalInfo)),
      deviceInfo: JSON.stringify(mergeSyncedGroup(row?.deviceInfo ?? null, synced.deviceInfo)),
      contactInfo: JSON.stringify(mergeSyncedGroup(row?.contactInfo ?? null, synced.contactInfo)),
    });

    let saved: PatientRecordRow;
    if (existing) {
      saved = await updatePatientRow(tx, existing, {
        ...columns,
        ...(synced.patientId ? { patientId: synced.patientId } : {}),
        ...groups(existing),
      });
    } else {
      if (!synced.patientId) {
        throw new UnprocessableError(
          'The FileMaker record has no patient id, so it cannot become a patient',
          [{ field: 'PatientID', message: 'is empty in FileMaker' }],
        );
      }
      saved = await insertPatientRow(tx, {
        clinicNpi: input.clinicNpi,
        patientId: synced.patientId,
        createdAt: now,
        ...columns,
        ...groups(undefined),
      });
    }
    await recordAuditEvent(tx, {
      clinicNpi: input.clinicNpi,
      entityType: 'patient',
      entityId: saved.id,
      eventType: existing ? PATIENT_AUDIT_EVENT_TYPES.synced : PATIENT_AUDIT_EVENT_TYPES.created,
      actorId: actor.id,
      // Field names only: the values are PHI.
      note:
        synced.unreadableFields.length > 0
          ? `FileMaker fields not taken: ${synced.unreadableFields.join(', ')}`
          : `FileMaker record ${record.recordId}`,
      before: existing ? syncedSnapshot(existing) : null,
      after: { ...syncedSnapshot(saved), source: 'filemaker', modId: record.modId },
    });
    return saved;
  });
}
