import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import {
  npiField,
  orderingPhysicianSchema,
  patientWithPhoneSchema,
  requiredText,
  wholeNumber,
} from '../vendor-common/order-fields';
import {
  createStudyVendor,
  type StudyVendorOptions,
  type StudyVendorSimulator,
} from '../vendor-common/study-vendor';
import { jsonAnswer, problemsOf } from '../vendor-common/vendor-app';
import {
  buildInfoBionicReport,
  INFOBIONIC_DOCUMENT_TYPES,
  INFOBIONIC_STUDY_TYPES,
  summarizeInfoBionicStudy,
} from './infobionic-results';

// InfoBionic's MoMe wearable cardiac monitoring (VENDOR_PROTOCOLS.md, "InfoBionic MoMe") as a real HTTP
// service: the portal enrolls a patient in a study, reads its status and may cancel it. An enrollment
// moves enrolled → monitoring → completed; on completion its results and report PDF are posted, signed,
// to the portal's /api/reports/wcd.

export const INFOBIONIC_SIMULATOR_DEFAULTS = {
  port: 8093,
  host: '127.0.0.1',
  clientId: 'portal-infobionic',
  clientSecret: 'infobionic-simulator-only-secret',
  webhookSecret: 'infobionic-simulator-only-webhook-secret',
} as const;

export const INFOBIONIC_RESULTS_PATH = '/api/reports/wcd';

export const INFOBIONIC_ENROLLMENT_PATH = ['enrolled', 'monitoring', 'completed'] as const;
export type InfoBionicEnrollmentStatus = (typeof INFOBIONIC_ENROLLMENT_PATH)[number] | 'cancelled';

export type InfoBionicSimulatorOptions = StudyVendorOptions;
export type InfoBionicSimulatorCounts = { ordersCreated: number; cancellations: number };
export type InfoBionicSimulator = StudyVendorSimulator<InfoBionicSimulatorCounts>;

export const infoBionicEnrollmentSchema = z.object(
  {
    referenceId: requiredText(200),
    clinicNpi: npiField,
    studyType: z.enum(INFOBIONIC_STUDY_TYPES, {
      error: `must be one of ${INFOBIONIC_STUDY_TYPES.join(', ')}`,
    }),
    durationDays: wholeNumber(1, 30, 'days'),
    patient: patientWithPhoneSchema,
    orderingPhysician: orderingPhysicianSchema,
  },
  { error: 'must be a JSON object' },
);
export type InfoBionicEnrollmentOrder = z.infer<typeof infoBionicEnrollmentSchema>;

type Enrollment = {
  enrollmentId: string;
  order: InfoBionicEnrollmentOrder;
  status: InfoBionicEnrollmentStatus;
};

const enrollmentParams = z.object({ enrollmentId: z.string() });

export async function startInfoBionicSimulator(
  options: InfoBionicSimulatorOptions = {},
): Promise<InfoBionicSimulator> {
  const enrollments = new Map<string, Enrollment>();
  const counts: InfoBionicSimulatorCounts = { ordersCreated: 0, cancellations: 0 };

  const vendor = createStudyVendor(options, INFOBIONIC_SIMULATOR_DEFAULTS, {
    vendor: 'InfoBionic',
    path: INFOBIONIC_ENROLLMENT_PATH,
    counts,
    describe: (id) => {
      const enrollment = enrollments.get(id);
      return enrollment ? view(enrollment) : null;
    },
    onMove: (id, _from, to) => {
      const enrollment = enrollments.get(id);
      if (!enrollment) return;
      enrollment.status = to;
      if (to === 'completed') sendResults(enrollment, new Date(vendor.now()).toISOString());
    },
  });
  const { app, vendorApp, clock, callbacks } = vendor;
  const { errorAnswer } = vendorApp;

  function view(enrollment: Enrollment) {
    return {
      enrollmentId: enrollment.enrollmentId,
      referenceId: enrollment.order.referenceId,
      status: enrollment.status,
    };
  }

  /** The SPEC §7 body of POST /api/reports/wcd: the document's attributes as text, its results and PDF. */
  function sendResults(enrollment: Enrollment, completedAt: string): void {
    const { order, enrollmentId } = enrollment;
    const results = summarizeInfoBionicStudy(enrollmentId, order.durationDays);
    const report = buildInfoBionicReport({
      enrollmentId,
      referenceId: order.referenceId,
      clinicNpi: order.clinicNpi,
      studyType: order.studyType,
      durationDays: order.durationDays,
      patient: order.patient,
      orderingPhysician: order.orderingPhysician,
      completedAt,
      results,
    });
    // The body is made once, so a retried or duplicated delivery carries the very same bytes.
    callbacks.send(
      INFOBIONIC_RESULTS_PATH,
      enrollmentId,
      report.then((pdf) => ({
        attributes: {
          clinicNpi: order.clinicNpi,
          type: INFOBIONIC_DOCUMENT_TYPES[order.studyType],
          serviceLine: 'wcd',
          dos: completedAt,
          patientId: order.patient.mrn,
          patientFirstName: order.patient.firstName,
          patientLastName: order.patient.lastName,
          patientDob: order.patient.dob,
          physicianNpi: order.orderingPhysician.npi,
          physicianName: order.orderingPhysician.name,
          studyReference: enrollmentId,
        },
        results,
        pdfBase64: Buffer.from(pdf).toString('base64'),
      })),
    );
  }

  app.post('/v2/enrollments', async (request, reply) =>
    vendorApp.answerIdempotently(request, reply, { required: true }, async () => {
      const parsed = infoBionicEnrollmentSchema.safeParse(request.body);
      if (!parsed.success) return errorAnswer(400, 'invalid_request', problemsOf(parsed.error));
      const enrollment: Enrollment = {
        enrollmentId: `IB-${randomBytes(5).toString('hex').toUpperCase()}`,
        order: parsed.data,
        status: 'enrolled',
      };
      enrollments.set(enrollment.enrollmentId, enrollment);
      counts.ordersCreated++;
      clock.start(enrollment.enrollmentId);
      return jsonAnswer(201, view(enrollment));
    }),
  );

  app.get('/v2/enrollments/:enrollmentId', async (request, reply) => {
    const { enrollmentId } = enrollmentParams.parse(request.params);
    const enrollment = enrollments.get(enrollmentId);
    if (!enrollment) {
      return vendorApp.sendError(
        reply,
        404,
        'enrollment_not_found',
        `There is no enrollment '${enrollmentId}'`,
      );
    }
    return view(enrollment);
  });

  app.post('/v2/enrollments/:enrollmentId/cancel', async (request, reply) => {
    const { enrollmentId } = enrollmentParams.parse(request.params);
    return vendorApp.answerIdempotently(request, reply, { required: true }, async () => {
      const enrollment = enrollments.get(enrollmentId);
      if (!enrollment)
        return errorAnswer(404, 'enrollment_not_found', `There is no enrollment '${enrollmentId}'`);
      if (enrollment.status === 'completed') {
        return errorAnswer(
          409,
          'enrollment_completed',
          `Enrollment '${enrollmentId}' is completed and can no longer be cancelled`,
        );
      }
      if (enrollment.status !== 'cancelled') {
        clock.stop(enrollmentId);
        enrollment.status = 'cancelled';
        counts.cancellations++;
      }
      return jsonAnswer(200, view(enrollment));
    });
  });

  return vendor.start();
}
