import type { EmrPhysician } from './emr-physicians';

/** What EMR delivery needs of the EMR's client (integrations/emr): file one signed document. */
export type EmrPort = {
  fileDocument(
    input: {
      documentId: string;
      signedSha256: string;
      documentTypeLabel: string;
      title: string;
      patient: { mrn: string; firstName: string; lastName: string; dob: string | null };
      signedAt: string;
      signer: EmrPhysician;
      interpreting: EmrPhysician | null;
      referring: EmrPhysician | null;
      pdf: Uint8Array;
    },
    options: { idempotencyKey: string; signal?: AbortSignal },
  ): Promise<{ emrId: string; created: boolean }>;
};
