import { STUDY_VENDOR_NAMES, type StudyResource, type StudySuite } from '@portal/domain';
import type { Actor } from '../../auth/actor';
import { type Db, inTransaction } from '../../db/transaction';
import { ConflictError, UnprocessableError } from '../../http/errors';
import { loadClinicConfiguration } from '../clinics/load-clinic-configuration';
import { countVendorWorkFor, enqueueVendorWork } from '../vendor-outbox/vendor-outbox.repository';
import { findStudyById, updateStudyRow } from './studies.repository';
import { getStudyInScope } from './study-access';
import { recordStudyEvent } from './study-audit';
import { STUDY_VENDOR_WORK } from './study-vendor-work';
import { loadStudyResource } from './to-study-resource';

/** The clinic's 'sleep global office id', when the setting is on and has a value. */
export function sleepOfficeId(
  settings: Record<string, { enabled: boolean; value?: unknown }>,
): string | null {
  const setting = settings.sleepGlobalOfficeId;
  if (!setting?.enabled || typeof setting.value !== 'string' || setting.value.trim() === '') return null;
  return setting.value.trim();
}

/**
 * Sends a new study to its vendor (POST zoll/…/push, infobionics/…/push, biobeat/…/push): the order is
 * put in the outbox in this transaction and the study answers with push state 'queued'; the outbox sends
 * it (retrying as SPEC §9 says) and records 'sent' with the vendor's reference, or 'failed' with the
 * reason. A push after a failure is a new attempt with a new idempotency key. A study already sent, or
 * no longer new, is a 409; a sleep study without the clinic's sleep global office id is a 422.
 */
export async function pushStudy(
  db: Db,
  actor: Actor,
  target: { clinicNpi: string; studyId: string; suite: StudySuite },
): Promise<StudyResource> {
  return inTransaction(db, async (tx) => {
    const study = await getStudyInScope(tx, actor, target, 'study:push', { forUpdate: true });
    const vendor = STUDY_VENDOR_NAMES[target.suite];
    if (study.status !== 'new') {
      throw new ConflictError(`Only a new study can be sent to ${vendor}; this one is '${study.status}'.`, [
        { field: 'status', message: `is ${study.status}` },
      ]);
    }
    if (study.pushState === 'queued' || study.pushState === 'sent') {
      throw new ConflictError(
        `This study has already been ${study.pushState === 'sent' ? 'sent' : 'queued'} to ${vendor}.`,
        [{ field: 'push', message: `is ${study.pushState}` }],
      );
    }
    if (study.suite === 'sleep') {
      const configuration = await loadClinicConfiguration(tx, study.clinicNpi);
      if (!sleepOfficeId(configuration.settings))
        throw new UnprocessableError(
          "The clinic has no sleep global office id, which Zoll needs: an administrator sets it in the clinic's settings.",
          [{ field: 'sleepGlobalOfficeId', message: 'is not set' }],
        );
    }
    const kind = STUDY_VENDOR_WORK[target.suite].push;
    const attempt = (await countVendorWorkFor(tx, study.id, kind)) + 1;
    await enqueueVendorWork(tx, {
      kind,
      clinicNpi: study.clinicNpi,
      subjectId: study.id,
      idempotencyKey: `${study.suite}-push:${study.id}:${attempt}`,
    });
    await updateStudyRow(tx, study.id, { pushState: 'queued', pushError: null });
    await recordStudyEvent(tx, study, {
      eventType: 'push_requested',
      actorId: actor.id,
      before: { pushState: study.pushState },
      after: { pushState: 'queued', vendor },
    });
    const updated = await findStudyById(tx, study.id);
    return loadStudyResource(tx, updated as NonNullable<typeof updated>);
  });
}
