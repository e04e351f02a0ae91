import { type CallbackStats, createCallbackSender } from './callback-sender';
import { type AdvanceRequest, createStudyClock, STUDY_STEP_MS_DEFAULT } from './study-clock';
import { createVendorApp, listenOn, type VendorAppOptions } from './vendor-app';
import type { VendorFaults, VendorFaultsInForce } from './vendor-faults';

// The glue of a simulator of a study vendor (Zoll, InfoBionic, Biobeat): the common app (token, bearer,
// idempotency, faults, control endpoints), the clock that moves its studies, and the sender of its signed
// callbacks to the portal. Each vendor adds its routes and what happens at each move.

export type StudyVendorDefaults = {
  port: number;
  host: string;
  clientId: string;
  clientSecret: string;
  webhookSecret: string;
};

export type StudyVendorOptions = {
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  clientId?: string;
  clientSecret?: string;
  /** The secret callbacks are signed with (the portal's `<VENDOR>_WEBHOOK_SECRET`). */
  webhookSecret?: string;
  /** Where callbacks go (the portal's base URL); without it they are counted as skipped. */
  portalUrl?: string;
  /** A study moves one state on every this many milliseconds; 0 leaves it to /_simulator/advance. */
  stepMs?: number;
  faults?: VendorFaults;
  /** How often a callback is tried, the wait before its first retry (doubling), and each try's time-out. */
  callbackAttempts?: number;
  callbackRetryDelayMs?: number;
  callbackTimeoutMs?: number;
  /** The clock of tokens, idempotency keys and timestamps; tests may move it. */
  now?: () => number;
  /** Fastify's logger: false (the default) for tests, true or pino options for the command line. */
  logger?: boolean | { level: string };
};

export type StudyVendorCounts = { ordersCreated: number; cancellations: number };

export type StudyVendorStats<Counts extends StudyVendorCounts = StudyVendorCounts> = {
  /** Vendor API requests received (the token endpoint's included), failed and dropped ones included. */
  requests: number;
  tokensIssued: number;
  /** Answers replayed for an Idempotency-Key seen before. */
  replays: number;
  callbacks: CallbackStats;
} & Counts;

export type StudyVendorSimulator<Counts extends StudyVendorCounts = StudyVendorCounts> = {
  /** The base URL, e.g. http://127.0.0.1:8092. */
  url: string;
  clientId: string;
  clientSecret: string;
  webhookSecret: string;
  stepMs: number;
  setFaults(faults: VendorFaults): void;
  clearFaults(): void;
  faults(): VendorFaultsInForce;
  /** Moves one study (or every moving one) `steps` states on, or to its end, as POST /_simulator/advance. */
  advance(request?: AdvanceRequest): void;
  /** Resolves once every callback made so far has been delivered, refused or given up. */
  callbacksSettled(): Promise<void>;
  stats(): StudyVendorStats<Counts>;
  close(): Promise<void>;
};

export function createStudyVendor<State extends string, Counts extends StudyVendorCounts>(
  options: StudyVendorOptions,
  defaults: StudyVendorDefaults,
  spec: {
    vendor: string;
    path: readonly State[];
    /** What happens when a study moves: its new status, results, callbacks. */
    onMove: (id: string, from: State, to: State) => void;
    /** The study as /_simulator/advance shows it; null when the id names nothing. */
    describe: (id: string) => Record<string, unknown> | null;
    counts: Counts;
  } & Pick<VendorAppOptions<VendorFaults>, 'bodyLimit'>,
) {
  const settings = {
    port: options.port ?? defaults.port,
    host: options.host ?? defaults.host,
    clientId: options.clientId ?? defaults.clientId,
    clientSecret: options.clientSecret ?? defaults.clientSecret,
    webhookSecret: options.webhookSecret ?? defaults.webhookSecret,
    stepMs: options.stepMs ?? STUDY_STEP_MS_DEFAULT,
  };
  const now = options.now ?? Date.now;

  const vendorApp = createVendorApp({
    vendor: spec.vendor,
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    now,
    ...(options.logger === undefined ? {} : { logger: options.logger }),
    ...(spec.bodyLimit === undefined ? {} : { bodyLimit: spec.bodyLimit }),
    stats,
    advance,
  });
  const { app } = vendorApp;
  if (options.faults) vendorApp.applyFaults(options.faults);

  const clock = createStudyClock({
    path: spec.path,
    stepMs: settings.stepMs,
    onMove: spec.onMove,
    onError: (error) => app.log.error({ err: error }, 'A study could not move'),
  });

  const callbacks = createCallbackSender({
    portalUrl: options.portalUrl,
    secret: settings.webhookSecret,
    ...(options.callbackAttempts === undefined ? {} : { attempts: options.callbackAttempts }),
    ...(options.callbackRetryDelayMs === undefined ? {} : { retryDelayMs: options.callbackRetryDelayMs }),
    ...(options.callbackTimeoutMs === undefined ? {} : { timeoutMs: options.callbackTimeoutMs }),
    takeDuplicate: () => vendorApp.faults.takeDuplicateDelivery(),
    log: app.log,
  });

  function stats(): StudyVendorStats<Counts> {
    return { ...vendorApp.counts, ...spec.counts, callbacks: callbacks.stats() };
  }

  function advance({ id, steps }: AdvanceRequest): Record<string, unknown> | null {
    if (id !== undefined) {
      if (!spec.describe(id)) return null;
      clock.advance(id, steps);
      return { advanced: [spec.describe(id)] };
    }
    const ids = clock.moving();
    for (const each of ids) clock.advance(each, steps);
    return { advanced: ids.map(spec.describe) };
  }

  async function start(): Promise<StudyVendorSimulator<Counts>> {
    const url = await listenOn(app, settings.port, settings.host);
    return {
      url,
      clientId: settings.clientId,
      clientSecret: settings.clientSecret,
      webhookSecret: settings.webhookSecret,
      stepMs: settings.stepMs,
      setFaults: (change) => vendorApp.applyFaults(change),
      clearFaults: () => vendorApp.clearFaults(),
      faults: () => vendorApp.faults.inForce(),
      advance: (request = {}) => {
        advance(request);
      },
      callbacksSettled: () => callbacks.settled(),
      stats,
      close: async () => {
        clock.close();
        callbacks.close();
        await app.close();
      },
    };
  }

  return { app, vendorApp, clock, callbacks, settings, now, start };
}
