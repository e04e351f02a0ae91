import { ESCALATION_STEPS, type EscalationStep } from '@portal/domain';
import { type Db, inTransaction } from '../../db/transaction';
import { recordAuditEvent } from '../audit/record-audit-event';
import { loadClinicConfiguration } from '../clinics/load-clinic-configuration';
import { notifyEscalation } from '../notifications/document-notifications';
import { takeDueEscalations } from './escalations.repository';

/** Documents one transaction escalates at a time: a long backlog goes in several. */
const BATCH = 200;

/** The clinic's escalation e-mail contacts, when the setting is on. */
function escalationContactsOf(settings: Record<string, { enabled: boolean; value?: unknown } | undefined>) {
  const setting = settings.escalationContacts;
  if (!setting?.enabled || typeof setting.value !== 'string') return [];
  return setting.value
    .split(',')
    .map((address) => address.trim())
    .filter((address) => address.includes('@'));
}

/**
 * Review deadlines (issue 17 §1): every unreviewed document that has reached an escalation step by `now`
 * takes it, once (see takeDueEscalations): its audit event (shown on the document's and the patient's
 * timelines) and its notifications commit in the same transaction as the step. Signing or acknowledging
 * ends a document's escalation, as only unsigned documents are taken. Answers the steps taken.
 */
export async function escalateDueDocuments(
  db: Db,
  now: Date,
  options: { publicUrl: string },
): Promise<{ documentId: string; step: EscalationStep }[]> {
  const taken: { documentId: string; step: EscalationStep }[] = [];
  for (const step of ESCALATION_STEPS) {
    for (;;) {
      const batch = await inTransaction(db, async (tx) => {
        const fired = await takeDueEscalations(tx, step, now, BATCH);
        const contacts = new Map<string, string[]>();
        for (const document of fired) {
          if (!contacts.has(document.clinicNpi))
            contacts.set(
              document.clinicNpi,
              escalationContactsOf((await loadClinicConfiguration(tx, document.clinicNpi)).settings),
            );
          await recordAuditEvent(tx, {
            clinicNpi: document.clinicNpi,
            entityType: 'document',
            entityId: document.documentId,
            eventType: 'escalated',
            actorId: null,
            after: { step },
          });
          await notifyEscalation(tx, {
            document: { ...document, id: document.documentId },
            step,
            clinicName: document.clinicName,
            escalationContacts: contacts.get(document.clinicNpi) ?? [],
            publicUrl: options.publicUrl,
          });
        }
        return fired;
      });
      taken.push(...batch.map((document) => ({ documentId: document.documentId, step })));
      if (batch.length < BATCH) break;
    }
  }
  return taken;
}
