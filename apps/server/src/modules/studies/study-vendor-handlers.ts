import { isStudyFinal, STUDY_VENDOR_NAMES, type StudySuite, type StudyType } from '@portal/domain';
import { type Db, inTransaction } from '../../db/transaction';
import { loadClinicConfiguration } from '../clinics/load-clinic-configuration';
import { effectivePatientNames } from '../device-data/build-device-check-report';
import type { IngestContext } from '../documents/ingest-document';
import { findPatientInClinic, type PatientRecordRow } from '../patients/patients.repository';
import type { VendorWork } from '../vendor-outbox/vendor-outbox.repository';
import { enqueueVendorWork } from '../vendor-outbox/vendor-outbox.repository';
import type { VendorWorkHandler } from '../vendor-outbox/vendor-outbox-worker';
import { advanceStudy } from './move-study';
import { sleepOfficeId } from './push-study';
import { findStudyById, type StudyListRow, updateStudyRow } from './studies.repository';
import { recordStudyEvent } from './study-audit';
import { STUDY_VENDOR_WORK } from './study-vendor-work';
import { type StudyVendors, VendorNotConfiguredError, type VendorPatient } from './study-vendors';
import { syncZollStudy } from './sync-zoll-study';

/** A vendor refusal the outbox must not retry: a setting missing at the clinic. */
export class StudyPushRefusedError extends Error {
  override name = 'StudyPushRefusedError';
}

function vendorPatient(patient: PatientRecordRow): VendorPatient & { phone: string | null } {
  const names = effectivePatientNames(patient);
  const phone = (patient.contactInfo as { phone?: unknown } | null)?.phone;
  return {
    mrn: patient.patientId,
    firstName: names.firstName,
    lastName: names.lastName,
    dob: patient.dob,
    gender: patient.gender ?? 'unknown',
    phone: typeof phone === 'string' && phone !== '' ? phone : null,
  };
}

type Context = { db: Db; ingest: IngestContext; vendors: StudyVendors };

/** Sends one study's order to its vendor; answers the vendor's reference. */
async function orderAtVendor(context: Context, study: StudyListRow, work: VendorWork, signal: AbortSignal) {
  const patient = await findPatientInClinic(context.db, study.clinicNpi, study.patientRef);
  if (!patient) throw new StudyPushRefusedError('The study has no patient');
  const physician = { npi: study.orderingPhysicianNpi, name: study.orderingPhysicianName };
  const call = { idempotencyKey: work.idempotencyKey, signal };
  switch (study.suite as StudySuite) {
    case 'sleep': {
      if (!context.vendors.zoll) throw new VendorNotConfiguredError('Zoll', 'ZOLL_URL');
      const officeId = sleepOfficeId((await loadClinicConfiguration(context.db, study.clinicNpi)).settings);
      if (!officeId) throw new StudyPushRefusedError("The clinic's sleep global office id is not set.");
      const order = {
        orderId: study.id,
        patient: vendorPatient(patient),
        orderingPhysician: physician,
        nights: study.duration,
      };
      return (await context.vendors.zoll.orderStudy(officeId, order, call)).studyId;
    }
    case 'wcd': {
      if (!context.vendors.infobionic) throw new VendorNotConfiguredError('InfoBionic', 'INFOBIONIC_URL');
      const enrollment = {
        referenceId: study.id,
        clinicNpi: study.clinicNpi,
        studyType: (study.studyType ?? 'Holter') as StudyType,
        durationDays: study.duration,
        patient: vendorPatient(patient),
        orderingPhysician: physician,
      };
      return (await context.vendors.infobionic.enroll(enrollment, call)).enrollmentId;
    }
    case 'abpm': {
      if (!context.vendors.biobeat) throw new VendorNotConfiguredError('Biobeat', 'BIOBEAT_URL');
      const { phone: _phone, ...patientDetails } = vendorPatient(patient);
      const session = {
        externalId: study.id,
        patient: patientDetails,
        durationHours: study.duration,
        dayStart: '07:00',
        nightStart: '22:00',
      };
      return (await context.vendors.biobeat.createSession(session, call)).sessionId;
    }
  }
}

function pushHandler(context: Context): VendorWorkHandler {
  return {
    async run(work, signal) {
      const study = await findStudyById(context.db, work.subjectId);
      // Cancelled before it went: nothing to send.
      if (study?.status !== 'new' || study.pushState === 'sent') return;
      const reference = await orderAtVendor(context, study, work, signal);
      await inTransaction(context.db, async (tx) => {
        const locked = (await findStudyById(tx, study.id, { forUpdate: true })) as StudyListRow;
        await updateStudyRow(tx, locked.id, {
          vendorReference: reference,
          pushState: 'sent',
          pushError: null,
          pushedAt: new Date(),
        });
        await recordStudyEvent(tx, locked, {
          eventType: 'pushed',
          actorId: null,
          after: {
            pushState: 'sent',
            vendor: STUDY_VENDOR_NAMES[locked.suite as StudySuite],
            vendorReference: reference,
          },
        });
        // Cancelled while the order was on its way: the vendor holds it now, so it is cancelled there too.
        if (locked.status === 'cancelled') {
          const cancel = STUDY_VENDOR_WORK[locked.suite as StudySuite].cancel;
          if (cancel)
            await enqueueVendorWork(tx, {
              kind: cancel,
              clinicNpi: locked.clinicNpi,
              subjectId: locked.id,
              idempotencyKey: `${locked.suite}-cancel:${locked.id}`,
            });
          return;
        }
        await advanceStudy(tx, { ...locked, vendorReference: reference }, 'in-progress', {
          source: 'vendor',
          actorId: null,
        });
      });
    },
    async failed(work, reason, final) {
      await inTransaction(context.db, async (tx) => {
        const study = await findStudyById(tx, work.subjectId, { forUpdate: true });
        if (!study || study.pushState === 'sent') return;
        await updateStudyRow(tx, study.id, { pushState: final ? 'failed' : 'queued', pushError: reason });
        await recordStudyEvent(tx, study, {
          eventType: final ? 'push_failed' : 'push_attempt_failed',
          actorId: null,
          before: { pushState: study.pushState },
          after: { pushState: final ? 'failed' : 'queued', reason },
        });
      });
    },
  };
}

function cancelHandler(context: Context): VendorWorkHandler {
  return {
    async run(work, signal) {
      const study = await findStudyById(context.db, work.subjectId);
      if (!study?.vendorReference) return;
      const call = { idempotencyKey: work.idempotencyKey, signal };
      if (study.suite === 'sleep') {
        if (!context.vendors.zoll) throw new VendorNotConfiguredError('Zoll', 'ZOLL_URL');
        await context.vendors.zoll.cancelStudy(study.vendorReference, call);
      } else if (study.suite === 'wcd') {
        if (!context.vendors.infobionic) throw new VendorNotConfiguredError('InfoBionic', 'INFOBIONIC_URL');
        await context.vendors.infobionic.cancelEnrollment(study.vendorReference, call);
      }
    },
    // The study is cancelled here already; a vendor that could not be told is in the outbox's last error.
    async failed() {},
  };
}

function zollSyncHandler(context: Context): VendorWorkHandler {
  return {
    async run(work, signal) {
      if (!context.vendors.zoll) throw new VendorNotConfiguredError('Zoll', 'ZOLL_URL');
      const study = await findStudyById(context.db, work.subjectId);
      if (!study || isStudyFinal(study.status)) return;
      await syncZollStudy({ ingest: context.ingest, zoll: context.vendors.zoll }, study.id, signal);
    },
    async failed() {},
  };
}

/** The outbox's handlers for studies: each suite's push and cancel, and reading a Zoll study's state. */
export function studyVendorHandlers(context: Context): Record<string, VendorWorkHandler> {
  const push = pushHandler(context);
  const cancel = cancelHandler(context);
  return {
    [STUDY_VENDOR_WORK.sleep.push]: push,
    [STUDY_VENDOR_WORK.wcd.push]: push,
    [STUDY_VENDOR_WORK.abpm.push]: push,
    [STUDY_VENDOR_WORK.sleep.cancel]: cancel,
    [STUDY_VENDOR_WORK.wcd.cancel]: cancel,
    [STUDY_VENDOR_WORK.sleep.sync]: zollSyncHandler(context),
  };
}
