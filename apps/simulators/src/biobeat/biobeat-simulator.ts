import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { patientSchema, requiredText, wholeNumber } from '../vendor-common/order-fields';
import {
  createStudyVendor,
  type StudyVendorOptions,
  type StudyVendorSimulator,
} from '../vendor-common/study-vendor';
import { jsonAnswer, problemsOf } from '../vendor-common/vendor-app';
import { buildAbpmReport, generateAbpmReadings } from './abpm-readings';

// Biobeat's ambulatory blood pressure service (VENDOR_PROTOCOLS.md, "Biobeat ABPM") as a real HTTP service:
// the portal creates a session and reads its status. A session moves created → recording → completed; on
// completion its readings and report PDF are posted, signed, to the portal's
// /api/vendors/biobeat/abpm-results.

export const BIOBEAT_SIMULATOR_DEFAULTS = {
  port: 8094,
  host: '127.0.0.1',
  clientId: 'portal-biobeat',
  clientSecret: 'biobeat-simulator-only-secret',
  webhookSecret: 'biobeat-simulator-only-webhook-secret',
} as const;

export const BIOBEAT_RESULTS_PATH = '/api/vendors/biobeat/abpm-results';
/** The patients' local time offset the readings are written in, unless told otherwise (UTC−05:00). */
export const BIOBEAT_UTC_OFFSET_MINUTES_DEFAULT = -300;

export const BIOBEAT_SESSION_PATH = ['created', 'recording', 'completed'] as const;
export type BiobeatSessionStatus = (typeof BIOBEAT_SESSION_PATH)[number] | 'cancelled';

export type BiobeatSimulatorOptions = StudyVendorOptions & {
  /** The offset of the patients' local time, in minutes (-300: UTC−05:00). */
  utcOffsetMinutes?: number;
};
export type BiobeatSimulatorCounts = { ordersCreated: number; cancellations: number };
export type BiobeatSimulator = StudyVendorSimulator<BiobeatSimulatorCounts>;

const clockTime = z.string({ error: 'must be a time (HH:MM)' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, {
  error: 'must be a time (HH:MM)',
});

export const biobeatSessionSchema = z
  .object(
    {
      externalId: requiredText(200),
      patient: patientSchema,
      durationHours: wholeNumber(1, 72, 'hours'),
      dayStart: clockTime,
      nightStart: clockTime,
    },
    { error: 'must be a JSON object' },
  )
  .refine((session) => session.dayStart !== session.nightStart, {
    error: 'must differ from dayStart',
    path: ['nightStart'],
  });
export type BiobeatSessionOrder = z.infer<typeof biobeatSessionSchema>;

type Session = { sessionId: string; order: BiobeatSessionOrder; status: BiobeatSessionStatus };

const sessionParams = z.object({ sessionId: z.string() });

export async function startBiobeatSimulator(
  options: BiobeatSimulatorOptions = {},
): Promise<BiobeatSimulator> {
  const sessions = new Map<string, Session>();
  const counts: BiobeatSimulatorCounts = { ordersCreated: 0, cancellations: 0 };
  const utcOffsetMinutes = options.utcOffsetMinutes ?? BIOBEAT_UTC_OFFSET_MINUTES_DEFAULT;

  const vendor = createStudyVendor(options, BIOBEAT_SIMULATOR_DEFAULTS, {
    vendor: 'Biobeat',
    path: BIOBEAT_SESSION_PATH,
    counts,
    describe: (id) => {
      const session = sessions.get(id);
      return session ? view(session) : null;
    },
    onMove: (id, _from, to) => {
      const session = sessions.get(id);
      if (!session) return;
      session.status = to;
      if (to === 'completed') sendResults(session, new Date(vendor.now()));
    },
  });
  const { app, vendorApp, clock, callbacks } = vendor;
  const { errorAnswer } = vendorApp;

  function view(session: Session) {
    return { sessionId: session.sessionId, externalId: session.order.externalId, status: session.status };
  }

  function sendResults(session: Session, completedAt: Date): void {
    const { order, sessionId } = session;
    const readings = generateAbpmReadings({
      sessionId,
      durationHours: order.durationHours,
      dayStart: order.dayStart,
      nightStart: order.nightStart,
      endsAt: completedAt,
      utcOffsetMinutes,
    });
    const report = buildAbpmReport({
      sessionId,
      externalId: order.externalId,
      patient: order.patient,
      durationHours: order.durationHours,
      dayStart: order.dayStart,
      nightStart: order.nightStart,
      completedAt: completedAt.toISOString(),
      readings,
    });
    // The body is made once, so a retried or duplicated delivery carries the very same bytes.
    callbacks.send(
      BIOBEAT_RESULTS_PATH,
      sessionId,
      report.then((pdf) => ({
        sessionId,
        externalId: order.externalId,
        readings,
        pdfBase64: Buffer.from(pdf).toString('base64'),
      })),
    );
  }

  function sessionNotFound(sessionId: string) {
    return errorAnswer(404, 'session_not_found', `There is no session '${sessionId}'`);
  }

  app.post('/api/v1/abpm/sessions', async (request, reply) =>
    vendorApp.answerIdempotently(request, reply, { required: true }, async () => {
      const parsed = biobeatSessionSchema.safeParse(request.body);
      if (!parsed.success) return errorAnswer(400, 'invalid_request', problemsOf(parsed.error));
      const session: Session = {
        sessionId: `BB-${randomBytes(5).toString('hex').toUpperCase()}`,
        order: parsed.data,
        status: 'created',
      };
      sessions.set(session.sessionId, session);
      counts.ordersCreated++;
      clock.start(session.sessionId);
      return jsonAnswer(201, view(session));
    }),
  );

  app.get('/api/v1/abpm/sessions/:sessionId', async (request, reply) => {
    const { sessionId } = sessionParams.parse(request.params);
    const session = sessions.get(sessionId);
    return vendorApp.send(reply, session ? jsonAnswer(200, view(session)) : sessionNotFound(sessionId));
  });

  // Not in VENDOR_PROTOCOLS.md, which lists 'cancelled' among a session's states but no call that cancels:
  // the same call as InfoBionic's, so the portal can cancel an ABPM study it already sent.
  app.post('/api/v1/abpm/sessions/:sessionId/cancel', async (request, reply) => {
    const { sessionId } = sessionParams.parse(request.params);
    return vendorApp.answerIdempotently(request, reply, { required: true }, async () => {
      const session = sessions.get(sessionId);
      if (!session) return sessionNotFound(sessionId);
      if (session.status === 'completed') {
        return errorAnswer(
          409,
          'session_completed',
          `Session '${sessionId}' is completed and can no longer be cancelled`,
        );
      }
      if (session.status !== 'cancelled') {
        clock.stop(sessionId);
        session.status = 'cancelled';
        counts.cancellations++;
      }
      return jsonAnswer(200, view(session));
    });
  });

  return vendor.start();
}
