import {
  AUTO_REASSIGN_NOTE,
  appendNote,
  assertCan,
  clinicTimeZoneOf,
  formatDateOfService,
  formatSignatureTime,
  formatUserDisplayName,
  type MergedClinicConfiguration,
  readSignerClock,
  type SignatureZone,
  truncateNote,
} from '@portal/domain';
import type { Actor } from '../../auth/actor';
import type { DocumentRow } from '../../db/schema';
import { type Db, inTransaction, type Tx } from '../../db/transaction';
import { BadRequestError } from '../../http/errors';
import { loadClinicConfiguration } from '../clinics/load-clinic-configuration';
import { publishDocumentsChanged } from '../realtime/publish-documents-changed';
import { DocumentStateError } from './document-state-error';
import { getVisibleDocument } from './get-document';
import { stampSignature } from './pdf/stamp-signature';
import { recordDocumentChange } from './record-document-change';
import type { DocumentStorage } from './storage/file-storage';

export type SignInput = {
  note?: string | undefined;
  /** true: the note is added to the document's note with a space (SPEC §5); false: it replaces it. */
  appendNote?: boolean | undefined;
  /**
   * The signer's clock, ISO 8601 with offset (checked: readSignerClock): the signature time, the server's
   * clock, is printed in its offset instead of the clinic's zone.
   */
  localTime?: string | undefined;
};

/** A text setting's value; a setting switched off (or blank) stamps the default instead. */
function settingText(configuration: MergedClinicConfiguration, name: string, fallback: string): string {
  const setting = configuration.settings[name];
  if (!setting || setting.enabled === false) return fallback;
  return typeof setting.value === 'string' && setting.value.trim() !== '' ? setting.value : fallback;
}

function settingOn(configuration: MergedClinicConfiguration, name: string): boolean {
  return configuration.settings[name]?.enabled === true;
}

/**
 * Where a signature's time is printed, from the signer's `localTime` and the server's clock (issue 31 §1):
 * undefined for the clinic's zone. A free-text or far-off localTime is a 400 naming `localTime`.
 */
export function signerZoneOrRefuse(localTime: string | undefined, now: Date): SignatureZone | undefined {
  const clock = readSignerClock(localTime, now);
  if (!clock.ok)
    throw new BadRequestError(`Invalid localTime: ${clock.message}`, [
      { field: 'localTime', message: clock.message },
    ]);
  return clock.zone;
}

/** The signature's printed time: the server's clock, in the signer's offset or the clinic's zone. */
export function signatureTimeText(
  signedAt: Date,
  signerZone: SignatureZone | undefined,
  configuration: MergedClinicConfiguration,
): string {
  return formatSignatureTime(signedAt, signerZone ?? { timeZone: clinicTimeZoneOf(configuration) });
}

/** The note a signature or acknowledgement leaves on the document, cut at 900 characters. */
export function nextNote(existing: string, input: SignInput): string {
  const addition = input.note ?? '';
  return input.appendNote === false ? truncateNote(addition) : appendNote(existing, addition);
}

/** An unassigned document is first given to the person signing it, with the fixed note (SPEC §4). */
export async function assignToActorIfUnassigned(
  tx: Tx,
  document: DocumentRow,
  actor: Actor,
): Promise<DocumentRow> {
  if (document.assignedTo) return document;
  const { updated } = await recordDocumentChange(tx, {
    document,
    actorId: actor.id,
    eventType: 'reassigned',
    changes: { assignedTo: actor.id },
    note: AUTO_REASSIGN_NOTE,
  });
  return updated;
}

/**
 * Signs one document, exactly once: the row is locked, its state checked, the PDF stamped with the clinic's
 * signature manifestation and stored beside the original, and the change and its 'signed' event (with the
 * signed PDF's SHA-256) commit together. A document that is no longer unsigned answers 409.
 */
/**
 * What else a signature or acknowledgement does in its transaction (issue 16): the study whose results the
 * document holds is reviewed, and the document is queued for the clinic's EMR. Composed in app.ts, so the
 * documents module knows nothing of studies or EMRs.
 */
export type AfterSignature = (tx: Tx, document: DocumentRow, actor: Actor) => Promise<void>;

export async function signDocument(
  context: { db: Db; storage: DocumentStorage; afterSignature?: AfterSignature | undefined },
  actor: Actor,
  documentId: string,
  input: SignInput,
  options: {
    /** Checks run on the locked row before anything is written (the bulk-signing rule); throw to refuse. */
    beforeSign?: (
      tx: Tx,
      document: DocumentRow,
      configuration: MergedClinicConfiguration,
    ) => Promise<void> | void;
  } = {},
) {
  // The signer's clock is checked before anything is read or written.
  const signerZone = signerZoneOrRefuse(input.localTime, new Date());
  return inTransaction(context.db, async (tx) => {
    const found = await getVisibleDocument(tx, actor, documentId, { forUpdate: true });
    assertCan(actor.user, 'document:sign', found.clinicNpi);
    if (found.status !== 'unsigned') {
      throw new DocumentStateError(`Only unsigned documents can be signed; this one is ${found.status}`, [
        { field: 'status', message: `is ${found.status}` },
      ]);
    }
    const configuration = await loadClinicConfiguration(tx, found.clinicNpi);
    await options.beforeSign?.(tx, found, configuration);
    const document = await assignToActorIfUnassigned(tx, found, actor);
    const note = nextNote(document.note, input);
    const signedAt = new Date();
    const signerName = formatUserDisplayName(actor.user);
    const signedAtText = signatureTimeText(signedAt, signerZone, configuration);

    const original = await context.storage.get(document.originalSha256);
    const stamped = await stampSignature(original, {
      signatureLabel: settingText(configuration, 'signatureLabel', 'Reviewed by:'),
      signerName,
      signedAtText,
      providerNoteLabel: settingText(configuration, 'pdfProviderNote', 'Provider Note'),
      note,
      footerText: settingText(configuration, 'footerText', ''),
      dateOfService: {
        mode: settingOn(configuration, 'hideDosOnSign')
          ? 'hide'
          : settingOn(configuration, 'replaceDosWithDateOfSignature')
            ? 'replace-with-signature-date'
            : 'show',
        text: formatDateOfService(document.dos),
      },
      documentId: document.id,
    });
    const signedFile = await context.storage.put(stamped);

    const { updated, event } = await recordDocumentChange(tx, {
      document,
      actorId: actor.id,
      eventType: 'signed',
      changes: { status: 'signed', note, signedSha256: signedFile.sha256, signedBy: actor.id, signedAt },
      note: input.note ?? null,
      extra: { signerName, signedAtText },
    });
    await context.afterSignature?.(tx, updated, actor);
    // One event for the transaction, an assignment to the signer included.
    await publishDocumentsChanged(tx, {
      clinicNpi: document.clinicNpi,
      ids: [document.id],
      eventType: 'signed',
    });
    return { document: updated, auditEventId: event.id };
  });
}
