import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { StoredAnswer } from '../vendor-common/idempotency';
import {
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
import { buildZollReport, scoreZollStudy, type ZollResults } from './zoll-results';

// Zoll's home sleep test service (VENDOR_PROTOCOLS.md, "Zoll home sleep test") as a real HTTP service: the
// portal orders a study for a clinic's office, reads its status and results, fetches its scored report
// and may cancel it. A study moves ordered → device-shipped → in-progress → scored, and each move is
// posted, signed, to the portal's /api/vendors/zoll/study-events.

export const ZOLL_SIMULATOR_DEFAULTS = {
  port: 8092,
  host: '127.0.0.1',
  clientId: 'portal-zoll',
  clientSecret: 'zoll-simulator-only-secret',
  webhookSecret: 'zoll-simulator-only-webhook-secret',
} as const;

export const ZOLL_STUDY_EVENTS_PATH = '/api/vendors/zoll/study-events';

export const ZOLL_STUDY_PATH = ['ordered', 'device-shipped', 'in-progress', 'scored'] as const;
export type ZollStudyStatus = (typeof ZOLL_STUDY_PATH)[number] | 'cancelled';

export type ZollSimulatorOptions = StudyVendorOptions & {
  /** The offices Zoll knows ('sleep global office ids'); without it every office is known. */
  offices?: readonly string[];
};

export type ZollSimulatorCounts = {
  ordersCreated: number;
  cancellations: number;
  reportsServed: number;
  /** GET /hst/v1/studies/{studyId}: how often the portal read a study's state. */
  studyReads: number;
};

export type ZollSimulator = StudyVendorSimulator<ZollSimulatorCounts> & { offices: readonly string[] | null };

export const zollOrderSchema = z.object(
  {
    orderId: requiredText(200),
    patient: patientWithPhoneSchema,
    orderingPhysician: orderingPhysicianSchema,
    nights: wholeNumber(1, 3, 'nights'),
  },
  { error: 'must be a JSON object' },
);
export type ZollOrder = z.infer<typeof zollOrderSchema>;

export type ZollStudyEvent = {
  studyId: string;
  orderId: string;
  status: ZollStudyStatus;
  occurredAt: string;
};

type ZollStudy = {
  studyId: string;
  officeId: string;
  order: ZollOrder;
  status: ZollStudyStatus;
  updatedAt: string;
  results: ZollResults | null;
  report: Promise<Uint8Array> | null;
  /** Status callbacks held back by the outOfOrder fault, oldest first. */
  held: ZollStudyEvent[];
};

const studyParams = z.object({ studyId: z.string() });
const officeParams = z.object({ officeId: z.string() });

export async function startZollSimulator(options: ZollSimulatorOptions = {}): Promise<ZollSimulator> {
  const studies = new Map<string, ZollStudy>();
  const counts: ZollSimulatorCounts = { ordersCreated: 0, cancellations: 0, reportsServed: 0, studyReads: 0 };
  const offices = options.offices ? new Set(options.offices) : null;

  const vendor = createStudyVendor(options, ZOLL_SIMULATOR_DEFAULTS, {
    vendor: 'Zoll',
    path: ZOLL_STUDY_PATH,
    counts,
    describe: (id) => {
      const study = studies.get(id);
      return study ? view(study) : null;
    },
    onMove: (id, _from, to) => {
      const study = studies.get(id);
      if (!study) return;
      study.status = to;
      study.updatedAt = timestamp();
      if (to === 'scored') study.results = scoreZollStudy(study.studyId, study.updatedAt);
      announce(study);
    },
  });
  const { app, vendorApp, clock, callbacks } = vendor;
  const { errorAnswer } = vendorApp;

  function timestamp(): string {
    return new Date(vendor.now()).toISOString();
  }

  function view(study: ZollStudy) {
    return {
      studyId: study.studyId,
      orderId: study.order.orderId,
      status: study.status,
      updatedAt: study.updatedAt,
      results: study.results,
    };
  }

  /**
   * Posts the study's new status to the portal. Under the outOfOrder fault a study's events are held until
   * it finishes, then sent newest first, as a vendor's unordered queue might.
   */
  function announce(study: ZollStudy): void {
    const event: ZollStudyEvent = {
      studyId: study.studyId,
      orderId: study.order.orderId,
      status: study.status,
      occurredAt: study.updatedAt,
    };
    const finished = study.status === 'scored' || study.status === 'cancelled';
    if (vendorApp.faults.outOfOrder() && !finished) {
      study.held.push(event);
      return;
    }
    const newestFirst = [event, ...study.held.reverse()];
    study.held = [];
    for (const each of newestFirst) callbacks.send(ZOLL_STUDY_EVENTS_PATH, study.studyId, each);
  }

  function studyNotFound(studyId: string): StoredAnswer {
    return errorAnswer(404, 'study_not_found', `There is no study '${studyId}'`);
  }

  app.post('/hst/v1/offices/:officeId/studies', async (request, reply) => {
    const { officeId } = officeParams.parse(request.params);
    return vendorApp.answerIdempotently(request, reply, { required: true }, async () => {
      if (offices && !offices.has(officeId)) {
        return errorAnswer(404, 'office_not_found', `Zoll has no office '${officeId}'`);
      }
      const parsed = zollOrderSchema.safeParse(request.body);
      if (!parsed.success) return errorAnswer(400, 'invalid_request', problemsOf(parsed.error));
      const study: ZollStudy = {
        studyId: `ZS-${randomBytes(5).toString('hex').toUpperCase()}`,
        officeId,
        order: parsed.data,
        status: 'ordered',
        updatedAt: timestamp(),
        results: null,
        report: null,
        held: [],
      };
      studies.set(study.studyId, study);
      counts.ordersCreated++;
      clock.start(study.studyId);
      const { results: _none, ...created } = view(study);
      return jsonAnswer(201, created);
    });
  });

  app.get('/hst/v1/studies/:studyId', async (request, reply) => {
    const { studyId } = studyParams.parse(request.params);
    counts.studyReads++;
    const study = studies.get(studyId);
    return vendorApp.send(reply, study ? jsonAnswer(200, view(study)) : studyNotFound(studyId));
  });

  app.get('/hst/v1/studies/:studyId/report', async (request, reply) => {
    const { studyId } = studyParams.parse(request.params);
    const study = studies.get(studyId);
    if (!study) return vendorApp.send(reply, studyNotFound(studyId));
    if (study.status !== 'scored' || !study.results) {
      return vendorApp.sendError(reply, 404, 'report_not_ready', `Study '${studyId}' is not scored yet`);
    }
    study.report ??= buildZollReport({
      studyId: study.studyId,
      orderId: study.order.orderId,
      officeId: study.officeId,
      nights: study.order.nights,
      patient: study.order.patient,
      orderingPhysician: study.order.orderingPhysician,
      results: study.results,
    });
    const pdf = await study.report;
    counts.reportsServed++;
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${study.studyId}.pdf"`)
      .send(Buffer.from(pdf));
  });

  app.post('/hst/v1/studies/:studyId/cancel', async (request, reply) => {
    const { studyId } = studyParams.parse(request.params);
    return vendorApp.answerIdempotently(request, reply, { required: true }, async () => {
      const study = studies.get(studyId);
      if (!study) return studyNotFound(studyId);
      if (study.status === 'scored') {
        return errorAnswer(
          409,
          'study_completed',
          `Study '${studyId}' is scored and can no longer be cancelled`,
        );
      }
      if (study.status !== 'cancelled') {
        clock.stop(studyId);
        study.status = 'cancelled';
        study.updatedAt = timestamp();
        counts.cancellations++;
        announce(study);
      }
      return jsonAnswer(200, view(study));
    });
  });

  const simulator = await vendor.start();
  return { ...simulator, offices: options.offices ?? null };
}
