import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { createVendorApp, listenOn } from '../vendor-common/vendor-app';
import {
  requireStatusForTimes,
  type VendorFaultsInForce,
  vendorFaultsShape,
} from '../vendor-common/vendor-faults';
import {
  type ConditionalEntry,
  checkDocumentBundle,
  FHIR_JSON,
  type FiledBundle,
  fhirAnswer,
  fhirErrorAnswer,
  operationOutcome,
} from './fhir-bundle';
import {
  checkUsCoreDocumentReference,
  loadFhirDefinitions,
  NPI,
  validateR4Resource,
} from './fhir-validation';

// The clinic's EMR as an HL7 FHIR R4 server (VENDOR_PROTOCOLS.md, "The EMR: HL7 FHIR R4"), for the portal's
// filing of signed documents: POST /fhir takes a transaction Bundle of a Binary (the PDF) and a
// DocumentReference, created once per identifier (ifNoneExist), and answers a transaction-response
// Bundle; what was filed reads back at /fhir/DocumentReference/{id} and /fhir/Binary/{id}, and
// /_simulator/documents lists it with its page counts. The EMR makes no calls to the portal.

export const EMR_SIMULATOR_DEFAULTS = {
  port: 8095,
  host: '127.0.0.1',
  clientId: 'portal-emr',
  clientSecret: 'emr-simulator-only-secret',
} as const;

/** A Bundle carries the PDF in base64: room for the portal's largest document (70 MB of base64). */
const BUNDLE_BODY_LIMIT = 128 * 1024 * 1024;

export const emrFaultsSchema = requireStatusForTimes(
  z.strictObject({
    ...vendorFaultsShape,
    /** Refuse the next Bundle with a 422 OperationOutcome carrying this diagnostics text. */
    rejectNext: z.string().trim().min(1).max(1000).optional(),
  }),
);
export type EmrFaults = z.infer<typeof emrFaultsSchema>;
export type EmrFaultsInForce = VendorFaultsInForce & { rejectNext: string | null };

export type EmrSimulatorOptions = {
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  clientId?: string;
  clientSecret?: string;
  faults?: EmrFaults;
  /** The clock of tokens, idempotency keys and timestamps; tests may move it. */
  now?: () => number;
  /** Fastify's logger: false (the default) for tests, true or pino options for the command line. */
  logger?: boolean | { level: string };
};

type Physician = { name: string; npi: string | null };

/** One filed document, as GET /_simulator/documents lists it. */
export type EmrFiledDocument = {
  /** The DocumentReference's id, which the portal shows as delivered. */
  id: string;
  binaryId: string;
  /** The value of its urn:portal:document identifier (`<document id>.<signed sha256>`). */
  identifier: string;
  /** type.text. */
  type: string;
  /** The LOINC code of type. */
  typeCode: string | null;
  /** current, or entered-in-error once the portal has corrected it. */
  status: string;
  /** The id of the DocumentReference this one replaces (relatesTo replaces), if any. */
  replaces: string | null;
  /** The patient id (MRN) of the subject Patient. */
  subjectId: string;
  /** The first author: the signer. */
  author: Physician;
  /** The signer. */
  authenticator: Physician;
  /** The referring physician (context.related), when the document names one. */
  referring: Physician | null;
  title: string;
  /** Counted by loading the PDF. */
  pageCount: number;
  bytes: number;
  receivedAt: string;
};

export type EmrSimulatorStats = {
  /** FHIR and token requests received, failed and dropped ones included. */
  requests: number;
  tokensIssued: number;
  /** Answers replayed for an Idempotency-Key seen before. */
  replays: number;
  bundlesReceived: number;
  documentsFiled: number;
  /** Bundles whose ifNoneExist matched a document filed before (answered 200 OK, nothing new). */
  conditionalMatches: number;
  /** Bundles refused (400 or 422). */
  refusals: number;
  /** DocumentReferences updated (PUT), corrections among them. */
  updates: number;
};

export type EmrSimulator = {
  /** The base URL, e.g. http://127.0.0.1:8095 (the FHIR base is `${url}/fhir`). */
  url: string;
  clientId: string;
  clientSecret: string;
  setFaults(faults: EmrFaults): void;
  clearFaults(): void;
  faults(): EmrFaultsInForce;
  documents(): EmrFiledDocument[];
  stats(): EmrSimulatorStats;
  close(): Promise<void>;
};

type Filed = {
  summary: EmrFiledDocument;
  resource: Record<string, unknown>;
  pdf: Buffer;
  lastUpdated: string;
};

const idParams = z.object({ id: z.string() });

export async function startEmrSimulator(options: EmrSimulatorOptions = {}): Promise<EmrSimulator> {
  loadFhirDefinitions();
  const settings = {
    port: options.port ?? EMR_SIMULATOR_DEFAULTS.port,
    host: options.host ?? EMR_SIMULATOR_DEFAULTS.host,
    clientId: options.clientId ?? EMR_SIMULATOR_DEFAULTS.clientId,
    clientSecret: options.clientSecret ?? EMR_SIMULATOR_DEFAULTS.clientSecret,
  };
  const now = options.now ?? Date.now;
  const documents = new Map<string, Filed>();
  const binaries = new Map<string, Filed>();
  const byIdentifier = new Map<string, Filed>();
  /** Patients and Practitioners by 'system|value' of their identifiers, and by 'Type/id'. */
  const people = new Map<string, { id: string; resource: Record<string, unknown> }>();
  const counts = { bundlesReceived: 0, documentsFiled: 0, conditionalMatches: 0, refusals: 0, updates: 0 };
  let rejectNext: string | null = null;

  const vendorApp = createVendorApp<EmrFaults>({
    vendor: 'The EMR',
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    now,
    ...(options.logger === undefined ? {} : { logger: options.logger }),
    bodyLimit: BUNDLE_BODY_LIMIT,
    errorAnswer: fhirErrorAnswer,
    faultsSchema: emrFaultsSchema,
    applyOwnFaults: (faults) => {
      if (faults.rejectNext !== undefined) rejectNext = faults.rejectNext;
    },
    clearOwnFaults: () => {
      rejectNext = null;
    },
    ownFaultsInForce: () => ({ rejectNext }),
    stats,
  });
  const { app } = vendorApp;
  if (options.faults) vendorApp.applyFaults(options.faults);

  function stats(): EmrSimulatorStats {
    return { ...vendorApp.counts, ...counts };
  }

  function physicianOf(reference: {
    reference?: string | undefined;
    display: string;
    identifier?: { system?: string | undefined; value: string } | undefined;
  }): Physician {
    const resolved = reference.reference ? people.get(reference.reference)?.resource : undefined;
    const identifiers = z
      .array(z.object({ system: z.string().optional(), value: z.string() }))
      .catch([])
      .parse(resolved?.identifier);
    const npi =
      identifiers.find((each) => each.system === NPI)?.value ??
      (reference.identifier?.system === NPI || reference.identifier?.system === undefined
        ? reference.identifier?.value
        : undefined);
    return { name: reference.display, npi: npi ?? null };
  }

  /** Creates a Patient or Practitioner unless one has its identifier; its 'Type/id'. */
  function upsertPerson(
    type: 'Patient' | 'Practitioner',
    entry: ConditionalEntry,
  ): { location: string; created: boolean } {
    const key = `${type}|${entry.identifier.system}|${entry.identifier.value}`;
    const known = people.get(key);
    if (known) return { location: `${type}/${known.id}`, created: false };
    const id = randomUUID();
    const stored = {
      id,
      resource: {
        ...entry.resource,
        id,
        meta: { versionId: '1', lastUpdated: new Date(now()).toISOString() },
      },
    };
    people.set(key, stored);
    people.set(`${type}/${id}`, stored);
    return { location: `${type}/${id}`, created: true };
  }

  function file(bundle: FiledBundle, references: { patient: string; practitioner: string }): Filed {
    const id = randomUUID();
    const binaryId = randomUUID();
    const lastUpdated = new Date(now()).toISOString();
    const { resource, posted } = bundle.documentReference;
    const attachment = resource.content[0]?.attachment;
    const postedContent = z.array(z.record(z.string(), z.unknown())).parse(posted.content);
    const [firstContent, ...otherContent] = postedContent;
    const postedAttachment = z.record(z.string(), z.unknown()).parse(firstContent?.attachment);
    // The transaction's urn:uuid references become the resources' ids, as a FHIR server resolves them.
    const local = (reference: unknown) =>
      reference === bundle.patient.fullUrl
        ? references.patient
        : reference === bundle.practitioner.fullUrl
          ? references.practitioner
          : reference;
    const relink = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(relink)
        : typeof value === 'object' && value !== null
          ? Object.fromEntries(
              Object.entries(value).map(([key, inner]) => [
                key,
                key === 'reference' ? local(inner) : relink(inner),
              ]),
            )
          : value;
    const stored: Record<string, unknown> = {
      ...(relink(posted) as Record<string, unknown>),
      id,
      meta: { versionId: '1', lastUpdated },
      content: [
        { ...firstContent, attachment: { ...postedAttachment, url: `Binary/${binaryId}` } },
        ...otherContent,
      ],
    };
    const author = resource.author[0];
    const referring = resource.context?.related?.[0];
    const replaced = resource.relatesTo?.find((relation) => relation.code === 'replaces')?.target.reference;
    const filed: Filed = {
      summary: {
        id,
        binaryId,
        identifier: bundle.identifier.value,
        type: resource.type.text,
        typeCode: resource.type.coding?.[0]?.code ?? null,
        status: 'current',
        replaces: replaced ? (/DocumentReference\/([^/]+)/.exec(replaced)?.[1] ?? null) : null,
        subjectId: bundle.patient.identifier.value,
        author: author
          ? physicianOf({ ...author, reference: local(author.reference) as string | undefined })
          : { name: '', npi: null },
        authenticator: physicianOf({ ...resource.authenticator, reference: references.practitioner }),
        referring: referring ? physicianOf(referring) : null,
        title: attachment?.title ?? '',
        pageCount: bundle.pageCount,
        bytes: bundle.binary.bytes.length,
        receivedAt: lastUpdated,
      },
      resource: stored,
      pdf: bundle.binary.bytes,
      lastUpdated,
    };
    documents.set(id, filed);
    binaries.set(binaryId, filed);
    byIdentifier.set(`${bundle.identifier.system}|${bundle.identifier.value}`, filed);
    counts.documentsFiled++;
    return filed;
  }

  function transactionResponse(
    bundle: FiledBundle,
    filed: Filed,
    created: boolean,
    people: {
      patient: { location: string; created: boolean };
      practitioner: { location: string; created: boolean };
    },
  ) {
    const entry = (location: string, made: boolean) => ({
      response: {
        status: made ? '201 Created' : '200 OK',
        location,
        etag: 'W/"1"',
        lastModified: filed.lastUpdated,
      },
    });
    const entries: unknown[] = [];
    entries[bundle.patient.entryIndex] = entry(
      `${people.patient.location}/_history/1`,
      people.patient.created,
    );
    entries[bundle.practitioner.entryIndex] = entry(
      `${people.practitioner.location}/_history/1`,
      people.practitioner.created,
    );
    entries[bundle.binary.entryIndex] = entry(`Binary/${filed.summary.binaryId}/_history/1`, created);
    entries[bundle.documentReference.entryIndex] = entry(
      `DocumentReference/${filed.summary.id}/_history/1`,
      created,
    );
    return {
      resourceType: 'Bundle',
      id: randomUUID(),
      type: 'transaction-response',
      timestamp: new Date(now()).toISOString(),
      entry: entries,
    };
  }

  app.post('/fhir', async (request, reply) => {
    if (!/^application\/(fhir\+)?json\b/i.test(request.headers['content-type'] ?? '')) {
      return vendorApp.sendError(
        reply,
        415,
        'unsupported_media_type',
        'POST /fhir takes a Bundle as application/fhir+json (or application/json)',
      );
    }
    counts.bundlesReceived++;
    if (rejectNext !== null) {
      const diagnostics = rejectNext;
      rejectNext = null;
      counts.refusals++;
      return reply
        .code(422)
        .type(FHIR_JSON)
        .send(operationOutcome(422, diagnostics, { code: 'rejected' }));
    }
    // FHIR's conditional create is the EMR's own idempotency; an Idempotency-Key is honoured when sent.
    return vendorApp.answerIdempotently(request, reply, { required: false }, async () => {
      const check = await checkDocumentBundle(request.body);
      if (!check.ok) {
        counts.refusals++;
        return fhirAnswer(400, check.outcome);
      }
      const { bundle } = check;
      const patient = upsertPerson('Patient', bundle.patient);
      const practitioner = upsertPerson('Practitioner', bundle.practitioner);
      const made = { patient, practitioner };
      const existing = byIdentifier.get(`${bundle.identifier.system}|${bundle.identifier.value}`);
      if (existing) {
        counts.conditionalMatches++;
        return fhirAnswer(200, transactionResponse(bundle, existing, false, made));
      }
      const filed = file(bundle, { patient: patient.location, practitioner: practitioner.location });
      return fhirAnswer(200, transactionResponse(bundle, filed, true, made));
    });
  });

  app.get('/fhir/DocumentReference/:id', async (request, reply) => {
    const { id } = idParams.parse(request.params);
    const filed = documents.get(id);
    if (!filed) return vendorApp.sendError(reply, 404, 'not_found', `DocumentReference/${id} is not known`);
    return reply.type(FHIR_JSON).send(filed.resource);
  });

  // An update of a filed DocumentReference (the portal's correction: status entered-in-error), validated as R4
  // and US Core like a filing, its references resolved at the server.
  app.put('/fhir/DocumentReference/:id', async (request, reply) => {
    const { id } = idParams.parse(request.params);
    const filed = documents.get(id);
    if (!filed) return vendorApp.sendError(reply, 404, 'not_found', `DocumentReference/${id} is not known`);
    return vendorApp.answerIdempotently(request, reply, { required: false }, async () => {
      const body = z.record(z.string(), z.unknown()).safeParse(request.body).data;
      if (body?.resourceType !== 'DocumentReference' || body.id !== id) {
        counts.refusals++;
        return fhirErrorAnswer(400, 'invalid', `The body must be DocumentReference/${id}`);
      }
      const r4 = validateR4Resource(body);
      const usCore =
        r4.length > 0
          ? []
          : checkUsCoreDocumentReference(body, (reference) => people.get(reference)?.resource);
      const problem = r4[0]
        ? `is not valid FHIR R4: ${r4[0]}`
        : usCore[0]
          ? `does not meet US Core: ${usCore[0]}`
          : null;
      if (problem) {
        counts.refusals++;
        return fhirErrorAnswer(400, 'invalid', `DocumentReference/${id} ${problem}`);
      }
      const version = String(
        Number(
          z.object({ versionId: z.string() }).catch({ versionId: '1' }).parse(filed.resource.meta).versionId,
        ) + 1,
      );
      filed.lastUpdated = new Date(now()).toISOString();
      filed.resource = { ...body, meta: { versionId: version, lastUpdated: filed.lastUpdated } };
      filed.summary.status = String(body.status);
      counts.updates++;
      return fhirAnswer(200, filed.resource);
    });
  });

  app.get('/fhir/Binary/:id', async (request, reply) => {
    const { id } = idParams.parse(request.params);
    const filed = binaries.get(id);
    if (!filed) return vendorApp.sendError(reply, 404, 'not_found', `Binary/${id} is not known`);
    if (/\bapplication\/pdf\b/i.test(request.headers.accept ?? '')) {
      return reply.type('application/pdf').send(filed.pdf);
    }
    return reply.type(FHIR_JSON).send({
      resourceType: 'Binary',
      id,
      meta: { versionId: '1', lastUpdated: filed.lastUpdated },
      contentType: 'application/pdf',
      data: filed.pdf.toString('base64'),
    });
  });

  app.get('/_simulator/documents', async () => listDocuments());

  function listDocuments(): EmrFiledDocument[] {
    return [...documents.values()].map((filed) => ({ ...filed.summary }));
  }

  const url = await listenOn(app, settings.port, settings.host);
  return {
    url,
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    setFaults: (change) => vendorApp.applyFaults(change),
    clearFaults: () => vendorApp.clearFaults(),
    faults: () => ({ ...vendorApp.faults.inForce(), rejectNext }),
    documents: listDocuments,
    stats,
    close: () => app.close(),
  };
}
