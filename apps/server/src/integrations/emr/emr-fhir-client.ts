import { z } from 'zod';
import { VendorResponseError } from '../vendor-http/vendor-errors';
import {
  createVendorHttp,
  readVendorJson,
  type VendorAnswer,
  type VendorChangeOptions,
  type VendorClientOptions,
} from '../vendor-http/vendor-http';
import { buildEmrDocumentBundle, type EmrDocumentFiling } from './emr-fhir-bundle';

// The portal's client of the clinic's EMR over HL7 FHIR R4 (VENDOR_PROTOCOLS.md, "The EMR"): files a
// signed document as one transaction Bundle (emr-fhir-bundle.ts) and reads the EMR's id for it from the
// transaction-response. A Bundle the EMR refuses comes back as an OperationOutcome whose first diagnostics
// is the reason staff are shown.

/** How the EMR is named in the sentences of its errors and in the logs. */
export const EMR_VENDOR_NAME = 'The EMR';
const FHIR_JSON = 'application/fhir+json';

export type EmrFiledDocument = {
  /** The EMR's DocumentReference id, what the portal shows as delivered. */
  emrId: string;
  /** False when the EMR already had this signed version (`ifNoneExist` matched). */
  created: boolean;
};

export type EmrFhirClient = {
  fileDocument(filing: EmrDocumentFiling, options: VendorChangeOptions): Promise<EmrFiledDocument>;
  /**
   * The correction of a copy that should not stand (un-signed in the portal): the EMR's DocumentReference read
   * back and updated with status entered-in-error. Already so, it is left as it is.
   */
  markEnteredInError(emrId: string, options: VendorChangeOptions): Promise<void>;
};

const transactionResponseSchema = z.object({
  resourceType: z.literal('Bundle'),
  type: z.literal('transaction-response'),
  entry: z.array(z.object({ response: z.object({ status: z.string(), location: z.string().optional() }) })),
});

const operationOutcomeSchema = z.object({
  resourceType: z.literal('OperationOutcome'),
  issue: z.array(z.object({ code: z.string().optional(), diagnostics: z.string().optional() })),
});

/** `DocumentReference/<id>/_history/1`, relative or absolute. */
const DOCUMENT_REFERENCE_LOCATION = /(?:^|\/)DocumentReference\/([^/?#]+)/;

export function createEmrFhirClient(options: VendorClientOptions): EmrFhirClient {
  const http = createVendorHttp({ ...options, vendor: EMR_VENDOR_NAME });

  return {
    async fileDocument(filing, { idempotencyKey, signal }) {
      const answer = await http.request({
        method: 'POST',
        path: '/fhir',
        json: buildEmrDocumentBundle(filing),
        contentType: FHIR_JSON,
        accept: FHIR_JSON,
        idempotencyKey,
        signal,
        describeRefusal: describeOperationOutcome,
      });
      return readFiledDocument(answer);
    },

    async markEnteredInError(emrId, { idempotencyKey, signal }) {
      const path = `/fhir/DocumentReference/${encodeURIComponent(emrId)}`;
      const current = await http.request({
        method: 'GET',
        path,
        accept: FHIR_JSON,
        signal,
        describeRefusal: describeOperationOutcome,
      });
      const resource = documentReferenceSchema.safeParse(current.json).data;
      if (!resource) {
        throw new VendorResponseError({
          vendor: EMR_VENDOR_NAME,
          status: current.status,
          detail: 'a DocumentReference that is not one',
        });
      }
      if (resource.status === 'entered-in-error') return;
      await http.request({
        method: 'PUT',
        path,
        json: { ...resource, status: 'entered-in-error' },
        contentType: FHIR_JSON,
        accept: FHIR_JSON,
        idempotencyKey,
        signal,
        describeRefusal: describeOperationOutcome,
      });
    },
  };
}

const documentReferenceSchema = z.looseObject({
  resourceType: z.literal('DocumentReference'),
  id: z.string(),
  status: z.string(),
});

/** The refusal's first issue with diagnostics: its code, and the diagnostics as the sentence to show. */
function describeOperationOutcome(answer: VendorAnswer) {
  const outcome = operationOutcomeSchema.safeParse(answer.json).data;
  if (!outcome) return undefined;
  const issue = outcome.issue.find((candidate) => candidate.diagnostics?.trim()) ?? outcome.issue[0];
  const diagnostics = issue?.diagnostics?.trim();
  return { code: issue?.code ?? null, ...(diagnostics ? { message: diagnostics } : {}) };
}

function readFiledDocument(answer: VendorAnswer): EmrFiledDocument {
  const bundle = readVendorJson(EMR_VENDOR_NAME, transactionResponseSchema, answer);
  // Entries answer in the order they were sent (Patient, Practitioner, Binary, DocumentReference); the location
  // says which is the DocumentReference.
  const entry = bundle.entry.find((candidate) =>
    DOCUMENT_REFERENCE_LOCATION.test(candidate.response.location ?? ''),
  );
  const emrId = DOCUMENT_REFERENCE_LOCATION.exec(entry?.response.location ?? '')?.[1];
  const status = entry?.response.status.trim() ?? '';
  const created = status.startsWith('201') ? true : status.startsWith('200') ? false : null;
  if (!emrId || created === null) {
    throw new VendorResponseError({
      vendor: EMR_VENDOR_NAME,
      status: answer.status,
      detail: 'a transaction-response without a DocumentReference created (201) or matched (200)',
    });
  }
  return { emrId, created };
}
