import { randomUUID } from 'node:crypto';
import formbody from '@fastify/formbody';
import { canAnywhere, PERMISSIONS, type PermissionName } from '@portal/domain';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZodType, z } from 'zod';
import { authenticatePlugin } from './auth/authenticate.plugin';
import type { Config } from './config';
import type { DatabaseListen } from './db/client';
import type { DocumentRow } from './db/schema';
import type { Db, Tx } from './db/transaction';
import { createResponseSerializerCompiler } from './http/response-serializer';
import {
  refuseUndeclaredMediaTypes,
  refuseUnknownQueryParameters,
  strictRequestSchema,
} from './http/strict-request-schemas';
import { auditRoutes } from './modules/audit/audit.routes';
import { type AuditTrail, openAuditTrail } from './modules/audit/open-audit-trail';
import { clinicSettingsRoutes } from './modules/clinics/clinic-settings.routes';
import { clinicsRoutes } from './modules/clinics/clinics.routes';
import { defaultsRoutes } from './modules/clinics/defaults.routes';
import { deviceCaptureRoutes } from './modules/device-capture/device-capture.routes';
import { deviceChecksRoutes } from './modules/device-data/device-checks.routes';
import { deviceDataImportRoutes } from './modules/device-data/device-data-import.routes';
import { deviceDataMessagesRoutes } from './modules/device-data/device-data-messages.routes';
import { longitudinalRoutes } from './modules/device-data/longitudinal.routes';
import { pdfScrapeRoutes } from './modules/device-data/pdf-scrape/pdf-scrape.routes';
import { PdfScrapePool } from './modules/device-data/pdf-scrape/pdf-scrape-pool';
import { attachedPrintoutCheck } from './modules/device-data/printout-identity/check-attached-printout';
import { documentsRoutes } from './modules/documents/documents.routes';
import { documentsContentRoutes } from './modules/documents/documents-content.routes';
import { PdfParserPool } from './modules/documents/pdf/pdf-parser-pool';
import type { AfterSignature } from './modules/documents/sign-document';
import type { DocumentStorage } from './modules/documents/storage/file-storage';
import { openDocumentStorage } from './modules/documents/storage/open-document-storage';
import { correctEmrCopyHandler, deliverToEmrHandler } from './modules/emr-delivery/deliver-to-emr';
import { emrDeliveryRoutes } from './modules/emr-delivery/emr-delivery.routes';
import { EMR_CORRECTION_WORK, queueEmrCorrection } from './modules/emr-delivery/queue-emr-correction';
import { EMR_DELIVERY_WORK, goesToEmr, queueEmrDelivery } from './modules/emr-delivery/queue-emr-delivery';
import { escalationsPlugin } from './modules/escalations/escalations.plugin';
import { escalationsRoutes } from './modules/escalations/escalations.routes';
import { healthRoutes } from './modules/health/health.routes';
import {
  type AccessTokenVerifier,
  createAccessTokenVerifier,
} from './modules/identity/access-token-verifier';
import { identityPlugin } from './modules/identity/identity.plugin';
import { GRANT_CLAIM } from './modules/identity/oidc-provider';
import { metricsPlugin } from './modules/metrics/metrics.plugin';
import { metricsRoutes } from './modules/metrics/metrics.routes';
import { emailSenderPlugin } from './modules/notifications/email-sender.plugin';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { remindersPlugin } from './modules/notifications/reminders.plugin';
import { advisoriesRoutes } from './modules/patients/advisories.routes';
import { patientLinksRoutes } from './modules/patients/patient-links.routes';
import { patientsRoutes } from './modules/patients/patients.routes';
import { transmissionsRoutes } from './modules/patients/transmissions.routes';
import { portalConfigRoutes } from './modules/portal-config/portal-config.routes';
import { realtime } from './modules/realtime/realtime.plugin';
import { markStudyReviewed } from './modules/studies/mark-study-reviewed';
import { receiveWcdResults } from './modules/studies/receive-vendor-results';
import { studiesRoutes } from './modules/studies/studies.routes';
import { studyVendorHandlers } from './modules/studies/study-vendor-handlers';
import { vendorCallbacksRoutes } from './modules/studies/vendor-callbacks.routes';
import { userAuthRoutes } from './modules/users/user-auth.routes';
import { usersRoutes } from './modules/users/users.routes';
import { vendorOutboxPlugin } from './modules/vendor-outbox/vendor-outbox.plugin';
import { apiCompressionPlugin } from './plugins/api-compression';
import { errorHandlerPlugin } from './plugins/error-handler';
import { openApiPlugin } from './plugins/openapi';
import { securityHeadersPlugin } from './plugins/security-headers';
import { webAppPlugin } from './plugins/web-app';
import { createVendorClients, describeVendorFailure, isPermanentVendorFailure } from './vendor-clients';

export type AppDependencies = {
  config: Config;
  db: Db;
  /** LISTEN on the database: realtime events reach every instance through it. */
  listen: DatabaseListen;
  /** Where PDFs live; by default the configured store: files under DATA_DIR/blobs, or the S3 bucket. */
  storage?: DocumentStorage;
  logger?: FastifyServerOptions['logger'];
  /** The report-a-problem pause (SPEC §4: 2 s). */
  wait?: (ms: number) => Promise<void>;
  /** The audit key and seal log, when start-up opened them already; by default opened from `config`. */
  auditTrail?: AuditTrail;
  /**
   * Every answer also checked against its zod contract, and the compiled serializer's output compared with
   * zod's (http/response-serializer.ts): on by default under NODE_ENV=test (vitest), off in production.
   */
  checkResponses?: boolean;
};

/**
 * What a request log says of the path: the route's pattern ('/api/user-auth/users/:email'), never the
 * path as sent, whose segments and query can carry e-mail addresses, patient names or ids.
 */
function loggablePath(request: { routeOptions?: { url?: string | undefined } }): string {
  return request.routeOptions?.url ?? '(no route)';
}

export function loggerOptions(level: Config['logLevel']) {
  return {
    level,
    // Request logs carry method, route pattern and ids only: no paths, query strings, bodies or auth
    // headers (no PHI, no e-mail addresses).
    serializers: {
      req: (request) => ({ method: request.method, route: loggablePath(request), requestId: request.id }),
      res: (reply) => ({ statusCode: reply.statusCode }),
    },
    redact: ['req.headers.authorization', 'req.headers.cookie'],
  } satisfies FastifyServerOptions['logger'];
}

/** An external provider's keys come from its discovery document. */
async function discoverJwksUrl(issuer: string): Promise<string> {
  const response = await fetch(
    new URL('.well-known/openid-configuration', issuer.endsWith('/') ? issuer : `${issuer}/`),
  );
  if (!response.ok) throw new Error(`OIDC discovery at ${issuer} answered ${response.status}`);
  const document = (await response.json()) as { jwks_uri?: string };
  if (!document.jwks_uri) throw new Error(`OIDC discovery at ${issuer} has no jwks_uri`);
  return document.jwks_uri;
}

function canReach(
  user: { roles: { role: string; clinicNPI: string }[]; isLocked: boolean },
  permission: string,
) {
  return permission in PERMISSIONS && canAnywhere(user, permission as PermissionName);
}

const NO_QUERY_PARAMETERS = z.strictObject({});

/** Builds the whole application; tests call it with their own database, server.ts with the real one. */
export async function buildApp({
  config,
  db,
  listen,
  logger,
  storage,
  wait,
  checkResponses = process.env.NODE_ENV === 'test',
  ...rest
}: AppDependencies) {
  const auditTrail = rest.auditTrail ?? (await openAuditTrail(db, config));
  const app = Fastify({
    logger: logger ?? loggerOptions(config.logLevel),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    routerOptions: { ignoreTrailingSlash: true },
    // Forwarded headers are believed only from the proxies in TRUST_PROXY (none by default).
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
  }).withTypeProvider<ZodTypeProvider>();

  // Every API route, so a test can prove the OpenAPI document lists them all and the access matrix covers them.
  const registeredApiRoutes: RegisteredRoute[] = [];
  app.decorate('registeredApiRoutes', registeredApiRoutes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    // Unknown fields in a body or query string answer 400 naming each (issue 31 §3). A route that reads
    // no query string refuses any parameter (the OpenAPI UI's own pages excepted).
    if (!route.url.startsWith('/api/docs')) {
      route.schema ??= {};
      const schema = route.schema as { body?: unknown; querystring?: unknown };
      if (schema.body instanceof ZodType) schema.body = strictRequestSchema(schema.body);
      if (schema.querystring instanceof ZodType) schema.querystring = strictRequestSchema(schema.querystring);
      else if (schema.querystring === undefined) schema.querystring = NO_QUERY_PARAMETERS;
      // The media types a route takes are the ones it declares (consumes), JSON when it declares a body
      // and nothing else: the OpenAPI document says exactly those, and a body of another type is a 415.
      // (A route that reads its body itself, a PDF or a multipart form, refuses other types itself.)
      const declared = schema as { consumes?: string[] };
      if (schema.body !== undefined) {
        declared.consumes ??= ['application/json'];
        const hook = refuseUndeclaredMediaTypes(declared.consumes);
        route.preValidation = [route.preValidation ?? []].flat().concat(hook);
      }
      // Fastify checks the body before the query string and stops at the first that fails: an unknown
      // query parameter would go unnamed beside a bad body. It is looked for first.
      if (schema.body !== undefined && schema.querystring instanceof ZodType) {
        const hook = refuseUnknownQueryParameters(schema.querystring);
        route.preValidation = [route.preValidation ?? []].flat().concat(hook);
      }
    }
    const config = (route.config ?? {}) as { auth?: string; permission?: string };
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD')
        registeredApiRoutes.push({
          method,
          url: route.url,
          auth: config.auth,
          permission: config.permission,
          successResponse: successResponseSchema(route.schema?.response),
        });
    }
  });

  app.setValidatorCompiler(validatorCompiler);
  // Answers are written by serializers compiled from the contracts' JSON Schema (issue 18 §3).
  app.setSerializerCompiler(createResponseSerializerCompiler({ checkAgainstContract: checkResponses }));
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });

  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin, {
    connectSources: config.identity.kind === 'external' ? [new URL(config.identity.issuer).origin] : [],
  });
  await app.register(formbody);
  await app.register(apiCompressionPlugin);
  await app.register(openApiPlugin, { publicUrl: config.publicUrl });

  let verifyAccessToken: AccessTokenVerifier;
  if (config.identity.kind === 'embedded') {
    await app.register(identityPlugin, {
      db,
      publicUrl: config.publicUrl,
      apiAudience: config.identity.audience,
      rateLimitPerMinute: config.loginRateLimitPerMinute,
      rateLimitPerAccountPerMinute: config.loginRateLimitPerAccountPerMinute,
      redisUrl: config.redisUrl,
      appTitle: config.appTitle,
    });
    const embedded = app.embeddedProvider;
    if (!embedded) throw new Error('the embedded provider did not start');
    verifyAccessToken = createAccessTokenVerifier({
      issuer: config.identity.issuer,
      audience: config.identity.audience,
      keys: { local: embedded.publicJwks },
      requiredTyp: 'at+jwt',
    });
  } else {
    verifyAccessToken = createAccessTokenVerifier({
      issuer: config.identity.issuer,
      audience: config.identity.audience,
      keys: { remoteJwksUrl: await discoverJwksUrl(config.identity.issuer) },
    });
  }
  await app.register(authenticatePlugin, {
    db,
    verifyAccessToken,
    canReach,
    vendorSecrets: {
      zoll: config.vendors.zoll?.webhookSecret,
      infobionic: config.vendors.infobionic?.webhookSecret,
      biobeat: config.vendors.biobeat?.webhookSecret,
    },
    ...(config.identity.kind === 'embedded' ? { grantClaim: GRANT_CLAIM } : {}),
  });

  await app.register(realtime, { db, listen, config });
  await app.register(emailSenderPlugin, { db, config });
  await app.register(remindersPlugin, { db, config });
  await app.register(escalationsPlugin, { db, ...config.escalations, publicUrl: config.publicUrl });
  await app.register(metricsPlugin, { db, ...config.metrics, publicUrl: config.publicUrl });
  await app.register(notificationsRoutes, { db });
  await app.register(healthRoutes, { db });
  await app.register(portalConfigRoutes, { config });
  await app.register(clinicsRoutes, { db });
  await app.register(defaultsRoutes, { db });
  await app.register(clinicSettingsRoutes, { db });
  await app.register(usersRoutes, { db, publicUrl: config.publicUrl });
  await app.register(userAuthRoutes, { db });
  await app.register(auditRoutes, { db, auditTrail });
  const stopSealing = auditTrail.startSealing(config.auditSealIntervalMinutes * 60_000, app.log);
  // preClose: before any onClose hook (server.ts closes the database in one) runs.
  app.addHook('preClose', async () => {
    await stopSealing();
  });
  let documentStorage = storage;
  if (!documentStorage) {
    const opened = openDocumentStorage(config);
    documentStorage = opened.storage;
    app.addHook('onClose', async () => opened.close());
  }
  // Every upload, merge and vendor's PDF is checked in this pool's workers, callers taking turns
  // (PDF_CHECKS_PER_CALLER, PDF_CHECK_QUEUE_LIMIT, PDF_CHECK_TIMEOUT_MS).
  const pdfParserPool = new PdfParserPool(config.pdfChecks);
  app.addHook('onClose', () => pdfParserPool.close());
  // Issue 29 §1: a device report uploaded with a patient id, or embedded in a device session, must name
  // that patient; its identity is read in workers of their own, started when needed, with the PDF check's
  // limits (PDF_CHECKS_PER_CALLER, PDF_CHECK_QUEUE_LIMIT, PDF_CHECK_TIMEOUT_MS).
  const printoutReader = new PdfScrapePool(config.pdfChecks);
  app.addHook('onClose', () => printoutReader.close());
  const checkAttachedPrintout = attachedPrintoutCheck({ db, pool: printoutReader });
  const ingest = {
    db,
    storage: documentStorage,
    maxPdfBytes: config.maxPdfBytes,
    pdfChecks: config.pdfChecks,
    pdfParserPool,
    checkAttachedPrintout,
  };

  // Studies and the EMR (issue 16): the vendors' clients, the outbox that calls them, and what a
  // signature does beyond the document: the study it reviews and the EMR delivery it queues.
  const vendors = createVendorClients(config.vendors, app.log);
  await app.register(vendorOutboxPlugin, {
    db,
    handlers: {
      ...studyVendorHandlers({ db, ingest, vendors: vendors.study }),
      [EMR_DELIVERY_WORK]: deliverToEmrHandler({ db, storage: documentStorage, emr: vendors.emr }),
      [EMR_CORRECTION_WORK]: correctEmrCopyHandler({ db, emr: vendors.emr }),
    },
    isPermanent: isPermanentVendorFailure,
    describe: describeVendorFailure,
    enabled: config.vendors.outbox.enabled,
    pollMs: config.vendors.outbox.pollMs,
    claimSeconds: config.vendors.outbox.claimSeconds,
    firstDelayMs: Math.max(config.vendors.retry.initialDelayMs, 1) * 5,
  });
  const wakeOutbox = () => app.vendorOutbox.wake();
  const afterSignature: AfterSignature = async (tx, document, actor) => {
    await markStudyReviewed(tx, document, actor.id);
    // Without an EMR the portal delivers nothing, and no document shows a delivery that cannot happen.
    if (config.vendors.emr && (await goesToEmr(tx, document))) await queueEmrDelivery(tx, document);
  };

  const documentsContext = {
    db,
    storage: documentStorage,
    maxPdfBytes: config.maxPdfBytes,
    pdfChecks: config.pdfChecks,
    commentMetadataMaxBytes: config.commentMetadataMaxBytes,
    afterSignature,
    // A copy the EMR holds is corrected when its document is un-signed (issue 30 §3).
    afterUnsign: async (tx: Tx, document: DocumentRow) => {
      await queueEmrCorrection(tx, document);
    },
    ...(wait ? { wait } : {}),
  };
  await app.register(documentsRoutes, documentsContext);
  await app.register(documentsContentRoutes, {
    ...documentsContext,
    pdfParserPool,
    checkAttachedPrintout,
    receiveVendorWcdResults: (body, delivery) =>
      receiveWcdResults(ingest, { vendor: 'infobionic', ...delivery }, body),
  });
  await app.register(studiesRoutes, {
    db,
    ingest,
    zoll: vendors.interactiveZoll,
    describeVendorError: describeVendorFailure,
    wakeOutbox,
  });
  await app.register(vendorCallbacksRoutes, { db, ingest, wakeOutbox });
  await app.register(emrDeliveryRoutes, { db, wakeOutbox });
  await app.register(escalationsRoutes, { db });
  await app.register(metricsRoutes, { db });
  await app.register(transmissionsRoutes, { db });
  await app.register(patientLinksRoutes, { db });
  await app.register(advisoriesRoutes, { db });
  await app.register(patientsRoutes, { db, fileMaker: config.fileMaker });
  await app.register(deviceCaptureRoutes, { db });
  await app.register(deviceChecksRoutes, { db, storage: documentsContext.storage });
  await app.register(deviceDataImportRoutes, {
    db,
    storage: documentsContext.storage,
    maxPdfBytes: config.maxPdfBytes,
    pdfChecks: config.pdfChecks,
    checkAttachedPrintout,
  });
  await app.register(deviceDataMessagesRoutes, { db });
  await app.register(longitudinalRoutes, { db });
  await app.register(pdfScrapeRoutes, {
    db,
    maxPdfBytes: config.maxPdfBytes,
    pdfChecks: config.pdfChecks,
    pdfScrapeTimeoutMs: config.pdfScrapeTimeoutMs,
  });

  await app.register(webAppPlugin, { webDistDir: config.webDistDir });
  return app;
}

export type RegisteredRoute = {
  method: string;
  url: string;
  auth: string | undefined;
  permission: string | undefined;
  /** The schema the route declares for its 2xx answer (204 has none), to check it against its contract. */
  successResponse: unknown;
};

function successResponseSchema(response: unknown): unknown {
  if (typeof response !== 'object' || response === null) return undefined;
  const entry = Object.entries(response).find(([status]) => /^2\d\d$/.test(status) && status !== '204');
  return entry?.[1];
}

declare module 'fastify' {
  interface FastifyInstance {
    registeredApiRoutes: RegisteredRoute[];
  }
}

export type App = Awaited<ReturnType<typeof buildApp>>;
