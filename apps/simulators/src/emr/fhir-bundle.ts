import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { StoredAnswer } from '../vendor-common/idempotency';
import { countPdfPages } from '../vendor-common/report-pdf';
import { checkUsCoreDocumentReference, validateR4Resource } from './fhir-validation';

// The transaction Bundle the portal files a signed document with (VENDOR_PROTOCOLS.md, "The EMR: HL7 FHIR
// R4"): the Patient and the signer's Practitioner (each created only if none has its identifier), a Binary
// holding the PDF and a US Core DocumentReference pointing at them, created only if no DocumentReference has
// its identifier yet. Every resource is validated as R4 and the DocumentReference as US Core (fhir-validation.ts). A Bundle that breaks the contract is refused with a 400
// OperationOutcome whose first issue's diagnostics name what is wrong, as the portal shows them.

export const FHIR_JSON = 'application/fhir+json; charset=utf-8';
export const PORTAL_DOCUMENT_SYSTEM = 'urn:portal:document';

const ISSUE_CODES: Record<number, string> = {
  400: 'invalid',
  404: 'not-found',
  409: 'conflict',
  413: 'too-long',
  415: 'not-supported',
  422: 'business-rule',
  503: 'transient',
};

export type OperationOutcome = {
  resourceType: 'OperationOutcome';
  issue: Array<{
    severity: 'error';
    code: string;
    details?: { coding: Array<{ system: string; code: string }> };
    diagnostics: string;
    expression?: string[];
  }>;
};

export function operationOutcome(
  status: number,
  diagnostics: string,
  { code, expression }: { code?: string; expression?: string } = {},
): OperationOutcome {
  return {
    resourceType: 'OperationOutcome',
    issue: [
      {
        severity: 'error',
        code: ISSUE_CODES[status] ?? (status >= 500 ? 'exception' : 'processing'),
        ...(code ? { details: { coding: [{ system: 'urn:portal-simulator:error', code }] } } : {}),
        diagnostics,
        ...(expression ? { expression: [expression] } : {}),
      },
    ],
  };
}

/** The EMR's errors are OperationOutcomes, the simulator's error code in the issue's details. */
export function fhirErrorAnswer(status: number, code: string, message: string): StoredAnswer {
  return { status, body: operationOutcome(status, message, { code }), contentType: FHIR_JSON };
}

export function fhirAnswer(status: number, body: unknown): StoredAnswer {
  return { status, body, contentType: FHIR_JSON };
}

const text = (what = 'text') =>
  z.string({ error: (issue) => (issue.input === undefined ? 'is required' : `must be ${what}`) }).min(1, {
    error: 'must not be empty',
  });

const identifierSchema = z.object({ system: z.string().optional(), value: text() }, { error: 'is required' });

/** A reference as the portal sends one: to an entry of the Bundle (or the server), or a named physician. */
const referenceSchema = z.object(
  { reference: z.string().optional(), identifier: identifierSchema.optional(), display: text() },
  { error: 'is required' },
);

const uuidUrl = z
  .string({ error: 'is required' })
  .regex(/^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, {
    error: 'must be urn:uuid:<uuid>',
  });

const binaryEntrySchema = z.object({
  fullUrl: uuidUrl,
  resource: z.object({
    resourceType: z.literal('Binary'),
    contentType: z.literal('application/pdf', { error: "must be 'application/pdf'" }),
    data: z.base64({ error: 'must be the PDF in base64' }).min(1, { error: 'must not be empty' }),
  }),
  request: z.object(
    {
      method: z.literal('POST', { error: "must be 'POST'" }),
      url: z.literal('Binary', { error: "must be 'Binary'" }),
    },
    { error: 'is required' },
  ),
});

/** A Patient or Practitioner entry: created only if the server has none with its identifier. */
const conditionalEntrySchema = (type: 'Patient' | 'Practitioner') =>
  z.object({
    fullUrl: uuidUrl,
    resource: z.looseObject({
      resourceType: z.literal(type),
      identifier: z.array(identifierSchema, { error: 'is required' }).min(1, { error: 'must not be empty' }),
    }),
    request: z.object(
      {
        method: z.literal('POST', { error: "must be 'POST'" }),
        url: z.literal(type, { error: `must be '${type}'` }),
        ifNoneExist: text(`identifier=<system>|<value>`),
      },
      { error: 'is required' },
    ),
  });

const documentReferenceSchema = z.object({
  resourceType: z.literal('DocumentReference'),
  status: z.literal('current', { error: "must be 'current'" }),
  identifier: z.array(identifierSchema, { error: 'is required' }).min(1, { error: 'must not be empty' }),
  type: z.object(
    { coding: z.array(z.object({ code: z.string() })).optional(), text: text() },
    { error: 'is required' },
  ),
  subject: z.object({ reference: text() }, { error: 'is required' }),
  date: z.iso.datetime({ offset: true, error: 'must be an ISO date and time' }),
  author: z.array(referenceSchema, { error: 'is required' }).min(1, { error: 'must not be empty' }),
  authenticator: referenceSchema,
  relatesTo: z
    .array(z.object({ code: z.string(), target: z.object({ reference: z.string().optional() }) }))
    .optional(),
  context: z
    .object({
      related: z.array(referenceSchema).optional(),
      period: z.object({ start: z.string().optional() }).optional(),
    })
    .optional(),
  content: z
    .array(
      z.object({
        attachment: z.object(
          {
            contentType: z.literal('application/pdf', { error: "must be 'application/pdf'" }),
            url: text(),
            title: text(),
            size: z.number({ error: 'must be the PDF’s size in bytes' }).int().min(1),
            hash: z.base64({ error: 'must be base64' }).min(1, { error: 'must not be empty' }),
          },
          { error: 'is required' },
        ),
      }),
      { error: 'is required' },
    )
    .min(1, { error: 'must not be empty' }),
});
export type DocumentReferenceResource = z.infer<typeof documentReferenceSchema>;

const documentReferenceEntrySchema = z.object({
  fullUrl: z.string().optional(),
  resource: documentReferenceSchema,
  request: z.object(
    {
      method: z.literal('POST', { error: "must be 'POST'" }),
      url: z.literal('DocumentReference', { error: "must be 'DocumentReference'" }),
      ifNoneExist: text(`identifier=${PORTAL_DOCUMENT_SYSTEM}|<id>`),
    },
    { error: 'is required' },
  ),
});

/** A Patient or Practitioner the Bundle carries, with the identifier its ifNoneExist searches. */
export type ConditionalEntry = {
  fullUrl: string;
  resource: Record<string, unknown>;
  identifier: { system: string; value: string };
  entryIndex: number;
};

export type FiledBundle = {
  patient: ConditionalEntry;
  practitioner: ConditionalEntry;
  binary: { fullUrl: string; bytes: Buffer; entryIndex: number };
  /** The resource as checked, and as posted (every field kept, for reading back). */
  documentReference: {
    resource: DocumentReferenceResource;
    posted: Record<string, unknown>;
    entryIndex: number;
  };
  /** The DocumentReference's `urn:portal:document` identifier, which ifNoneExist searches. */
  identifier: { system: string; value: string };
  pageCount: number;
};

export type BundleCheck = { ok: true; bundle: FiledBundle } | { ok: false; outcome: OperationOutcome };

const bundleShape = z.object(
  {
    resourceType: z.literal('Bundle', { error: "must be 'Bundle'" }),
    type: z.literal('transaction', { error: "must be 'transaction'" }),
    entry: z.array(z.unknown(), { error: 'is required' }),
  },
  { error: 'must be a transaction Bundle (FHIR JSON)' },
);

const resourceTypeOf = (entry: unknown): unknown =>
  z.object({ resource: z.object({ resourceType: z.unknown() }) }).safeParse(entry).data?.resource
    .resourceType;

function refuse(diagnostics: string, expression?: string): BundleCheck {
  return { ok: false, outcome: operationOutcome(400, diagnostics, expression ? { expression } : {}) };
}

function firstIssue(error: z.ZodError, prefix: string): BundleCheck {
  const issue = error.issues[0];
  const path = [
    prefix,
    ...(issue?.path ?? []).map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`)),
  ]
    .join('')
    .replace(/\.\[/g, '[');
  return refuse(`${path} ${issue?.message ?? 'is invalid'}`, path);
}

/** The identifier an ifNoneExist ('identifier=<system>|<value>') searches, or null. */
function searchedIdentifier(ifNoneExist: string): { system: string; value: string } | null {
  const condition = /^identifier=(.*)$/.exec(ifNoneExist)?.[1];
  const searched = condition === undefined ? null : decodeURIComponent(condition);
  const bar = searched?.indexOf('|') ?? -1;
  if (!searched || bar <= 0 || bar === searched.length - 1) return null;
  return { system: searched.slice(0, bar), value: searched.slice(bar + 1) };
}

const ENTRY_TYPES = ['Patient', 'Practitioner', 'Binary', 'DocumentReference'] as const;

/**
 * Checks a posted transaction Bundle against the contract and as a US Core server would: every resource valid
 * R4, the DocumentReference US Core's; the first problem found is the refusal.
 */
export async function checkDocumentBundle(body: unknown): Promise<BundleCheck> {
  const shape = bundleShape.safeParse(body);
  if (!shape.success) return firstIssue(shape.error, 'Bundle');
  const entries = shape.data.entry;
  const indexes = new Map<string, number[]>();
  for (const [index, entry] of entries.entries()) {
    const type = resourceTypeOf(entry);
    if (typeof type !== 'string' || !(ENTRY_TYPES as readonly string[]).includes(type)) {
      return refuse(
        `Bundle.entry[${index}] must be a Patient, a Practitioner, a Binary or a DocumentReference (it is ${typeof type === 'string' ? type : 'none'})`,
        `Bundle.entry[${index}]`,
      );
    }
    indexes.set(type, [...(indexes.get(type) ?? []), index]);
  }
  for (const type of ENTRY_TYPES) {
    if (indexes.get(type)?.length !== 1) {
      return refuse(`Bundle.entry must hold exactly one ${type}`, 'Bundle.entry');
    }
  }
  const indexOf = (type: (typeof ENTRY_TYPES)[number]) => indexes.get(type)?.[0] ?? 0;
  const [patientIndex, practitionerIndex, binaryIndex, referenceIndex] = ENTRY_TYPES.map(indexOf) as [
    number,
    number,
    number,
    number,
  ];

  // Every resource valid FHIR R4.
  for (const [index, entry] of entries.entries()) {
    const resource = (entry as { resource: unknown }).resource;
    const problems = validateR4Resource(resource);
    if (problems.length > 0) {
      return refuse(
        `Bundle.entry[${index}].resource is not valid FHIR R4: ${problems[0]}`,
        `Bundle.entry[${index}]`,
      );
    }
  }

  const conditional = (type: 'Patient' | 'Practitioner', index: number): ConditionalEntry | BundleCheck => {
    const parsed = conditionalEntrySchema(type).safeParse(entries[index]);
    if (!parsed.success) return firstIssue(parsed.error, `Bundle.entry[${index}]`);
    const identifier = searchedIdentifier(parsed.data.request.ifNoneExist);
    if (
      !identifier ||
      !parsed.data.resource.identifier.some(
        (each) => each.system === identifier.system && each.value === identifier.value,
      )
    ) {
      return refuse(
        `Bundle.entry[${index}].request.ifNoneExist must search an identifier the ${type} holds`,
        `Bundle.entry[${index}].request.ifNoneExist`,
      );
    }
    return { fullUrl: parsed.data.fullUrl, resource: parsed.data.resource, identifier, entryIndex: index };
  };
  const patient = conditional('Patient', patientIndex);
  if ('ok' in patient) return patient;
  const practitioner = conditional('Practitioner', practitionerIndex);
  if ('ok' in practitioner) return practitioner;

  const binary = binaryEntrySchema.safeParse(entries[binaryIndex]);
  if (!binary.success) return firstIssue(binary.error, `Bundle.entry[${binaryIndex}]`);
  const reference = documentReferenceEntrySchema.safeParse(entries[referenceIndex]);
  if (!reference.success) return firstIssue(reference.error, `Bundle.entry[${referenceIndex}]`);

  const at = `Bundle.entry[${referenceIndex}]`;
  const resource = reference.data.resource;
  const posted = z
    .object({ resource: z.record(z.string(), z.unknown()) })
    .parse(entries[referenceIndex]).resource;

  // US Core DocumentReference, its references resolved within the Bundle.
  const byFullUrl = new Map<string, Record<string, unknown>>([
    [patient.fullUrl, patient.resource],
    [practitioner.fullUrl, practitioner.resource],
  ]);
  const usCore = checkUsCoreDocumentReference(posted, (url) => byFullUrl.get(url));
  if (usCore.length > 0)
    return refuse(`${at}.resource does not meet US Core: ${usCore[0]}`, `${at}.resource`);

  const identifier = searchedIdentifier(reference.data.request.ifNoneExist);
  if (!identifier) {
    return refuse(
      `${at}.request.ifNoneExist must be identifier=${PORTAL_DOCUMENT_SYSTEM}|<id>`,
      `${at}.request.ifNoneExist`,
    );
  }
  if (identifier.system !== PORTAL_DOCUMENT_SYSTEM) {
    return refuse(
      `${at}.request.ifNoneExist must search the ${PORTAL_DOCUMENT_SYSTEM} identifier`,
      `${at}.request.ifNoneExist`,
    );
  }
  if (
    !resource.identifier.some((each) => each.system === identifier.system && each.value === identifier.value)
  ) {
    return refuse(
      `${at}.resource.identifier must hold the identifier ifNoneExist searches (${identifier.system}|${identifier.value})`,
      `${at}.resource.identifier`,
    );
  }
  if (
    resource.authenticator.reference !== practitioner.fullUrl ||
    resource.author[0]?.reference !== practitioner.fullUrl
  ) {
    return refuse(
      `${at}.resource.author[0] and authenticator must refer to the signer's Practitioner (${practitioner.fullUrl})`,
      `${at}.resource.authenticator`,
    );
  }

  const attachment = resource.content[0]?.attachment;
  const bytes = Buffer.from(binary.data.resource.data, 'base64');
  const attachmentAt = `${at}.resource.content[0].attachment`;
  if (!attachment)
    return refuse(`${at}.resource.content[0].attachment is required`, `${at}.resource.content`);
  if (attachment.url !== binary.data.fullUrl) {
    return refuse(
      `${attachmentAt}.url must be the Binary's fullUrl (${binary.data.fullUrl})`,
      `${attachmentAt}.url`,
    );
  }
  if (attachment.size !== bytes.length) {
    return refuse(
      `${attachmentAt}.size is ${attachment.size} but the Binary holds ${bytes.length} bytes`,
      `${attachmentAt}.size`,
    );
  }
  // FHIR R4 defines Attachment.hash as the SHA-1 of the data; a SHA-256 is taken as well.
  const hashes = ['sha1', 'sha256'].map((algorithm) => createHash(algorithm).update(bytes).digest('base64'));
  if (!hashes.includes(attachment.hash)) {
    return refuse(
      `${attachmentAt}.hash must be the base64 SHA-1 (or SHA-256) of the Binary's data`,
      `${attachmentAt}.hash`,
    );
  }
  const pageCount = await countPdfPages(bytes);
  if (pageCount === null) {
    return refuse(
      `Bundle.entry[${binaryIndex}].resource.data is not a readable PDF`,
      `Bundle.entry[${binaryIndex}].resource.data`,
    );
  }

  return {
    ok: true,
    bundle: {
      patient,
      practitioner,
      binary: { fullUrl: binary.data.fullUrl, bytes, entryIndex: binaryIndex },
      documentReference: { resource, posted, entryIndex: referenceIndex },
      identifier,
      pageCount,
    },
  };
}
