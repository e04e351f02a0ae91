import type { EmrDocumentFiling } from '../../integrations/emr/emr-fhir-bundle';

/** What EMR delivery needs of the EMR's client (integrations/emr): file a signed document, correct a filed one. */
export type EmrPort = {
  fileDocument(
    input: EmrDocumentFiling,
    options: { idempotencyKey: string; signal?: AbortSignal },
  ): Promise<{ emrId: string; created: boolean }>;
  /** Marks the EMR's DocumentReference entered-in-error (the signed copy was withdrawn in the portal). */
  markEnteredInError(emrId: string, options: { idempotencyKey: string; signal?: AbortSignal }): Promise<void>;
};
