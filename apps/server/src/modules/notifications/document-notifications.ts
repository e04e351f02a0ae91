import { can, documentTypeLabel, type RealtimeAlertPreference, wantsRealtimeAlert } from '@portal/domain';
import type { Tx } from '../../db/transaction';
import { UnprocessableError } from '../../http/errors';
import { createNotifications } from './create-notifications';
import { enqueueEmails } from './email-outbox.repository';
import {
  findClinicUsersWithAlertPreference,
  findProviderCompanyStaffIds,
  findRecipient,
  findUsersWithRolesAt,
} from './notifications.repository';

// What document events notify whom. Texts name the kind of document and never the patient: the
// notification list is PHI-light, and the inbox link opens the document itself.

type DocumentSummary = { id: string; clinicNpi: string; type: string; serviceLine: string };

/** The inbox link a document notification opens (SPEC §2: every other filter 'any'). */
function documentLink(documentId: string): string {
  return `/signature/dashboard/?clinicNpi=any&serviceLine=any&type=any&status=any&assignedTo=any&idIn=${encodeURIComponent(documentId)}`;
}

/** 'the 90 Day report', 'the Alert report': the type's display label, as the inbox shows it. */
function describeDocument(document: DocumentSummary): string {
  const label = documentTypeLabel(document.type);
  return `${label} report`;
}

function excerpt(text: string, length = 140): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > length ? `${flat.slice(0, length - 1)}…` : flat;
}

/** A comment addressed to a user ('to') notifies them; they must be able to read the document. */
export async function notifyCommentRecipient(
  tx: Tx,
  options: {
    document: DocumentSummary;
    to: string;
    authorId: string | null;
    authorName: string;
    text: string;
  },
) {
  const recipient = await findRecipient(tx, options.to);
  if (!recipient || !can(recipient, 'document:read', options.document.clinicNpi)) {
    throw new UnprocessableError('The comment is addressed to someone who cannot read this document', [
      { field: 'to', message: 'must be a user who can read this document' },
    ]);
  }
  if (recipient.id === options.authorId) return;
  await createNotifications(tx, {
    userIds: [recipient.id],
    type: 'comment',
    category: 'CRM',
    title: `${options.authorName} commented on the ${describeDocument(options.document)}`,
    text: excerpt(options.text),
    subTitle: describeDocument(options.document),
    url: documentLink(options.document.id),
    fromUserId: options.authorId,
    documentId: options.document.id,
  });
}

/** A reported problem notifies the provider-company staff (but not the reporter). */
export async function notifyProblemReported(
  tx: Tx,
  options: { document: DocumentSummary; reporterId: string | null; text: string },
) {
  const staff = (await findProviderCompanyStaffIds(tx)).filter((id) => id !== options.reporterId);
  await createNotifications(tx, {
    userIds: staff,
    type: 'problem-reported',
    title: `Problem reported on the ${describeDocument(options.document)}`,
    text: excerpt(options.text),
    subTitle: `Clinic ${options.document.clinicNpi}`,
    url: documentLink(options.document.id),
    fromUserId: options.reporterId,
    documentId: options.document.id,
  });
}

/**
 * A newly ingested alert notifies the clinic's document readers whose realtime preference asks for its
 * level ('high' by default: high alerts only).
 */
export async function notifyNewAlert(tx: Tx, options: { document: DocumentSummary; alertLevel: string }) {
  const candidates = await findClinicUsersWithAlertPreference(tx, options.document.clinicNpi);
  const recipients = candidates
    .filter((user) => can(user, 'document:read', options.document.clinicNpi))
    .filter((user) =>
      wantsRealtimeAlert(
        (user.enableRealtimeAlerts ?? 'high') as RealtimeAlertPreference,
        options.alertLevel,
      ),
    )
    .map((user) => user.id);
  await createNotifications(tx, {
    userIds: recipients,
    type: 'realtime-report',
    category: 'CRM',
    title: `New ${options.alertLevel} alert: ${describeDocument(options.document)}`,
    text: 'A new alert is waiting for review.',
    subTitle: describeDocument(options.document),
    url: documentLink(options.document.id),
    documentId: options.document.id,
  });
}

/** The steps of a document's escalation (issue 17 §1): whom each step tells. */
export type EscalationNotice = {
  document: DocumentSummary & { alert: string | null; assignedTo: string | null };
  step: 'half-time' | 'due' | 'twice-due';
  clinicName: string;
  /** The clinic's escalation e-mail contacts, for the third step. */
  escalationContacts: readonly string[];
  publicUrl: string;
};

function levelOf(document: { alert: string | null }): string {
  return document.alert ? `${document.alert} alert` : 'report';
}

/**
 * At half the review time the assignee (or, with none, the clinic's providers) is reminded; at the due
 * time the clinic's providers and the provider-company technicians are told it is overdue; at twice the
 * time the clinic's escalation contacts are e-mailed. Texts name the kind of document and the clinic,
 * never the patient.
 */
export async function notifyEscalation(tx: Tx, notice: EscalationNotice): Promise<void> {
  const { document, step } = notice;
  const what = describeDocument(document);
  const url = documentLink(document.id);
  if (step === 'twice-due') {
    await enqueueEmails(
      tx,
      notice.escalationContacts.map((to) => ({
        to,
        kind: 'escalation',
        subject: `Overdue for review: a ${levelOf(document)} at ${notice.clinicName}`,
        body: `A ${what} (${levelOf(document)}) at ${notice.clinicName} is still not reviewed, twice its review time after it arrived.\n\nOpen it: ${notice.publicUrl}${url}\n`,
      })),
    );
    return;
  }
  const providers = await findUsersWithRolesAt(tx, [{ role: 'provider', clinicNPI: document.clinicNpi }]);
  const recipients =
    step === 'half-time'
      ? document.assignedTo
        ? [document.assignedTo]
        : providers
      : [
          ...providers,
          ...(await findUsersWithRolesAt(tx, [
            { role: 'irh-tech', clinicNPI: '*' },
            { role: 'irh-tech', clinicNPI: document.clinicNpi },
          ])),
        ];
  await createNotifications(tx, {
    userIds: recipients,
    type: 'realtime-notification',
    category: 'CRM',
    title: step === 'half-time' ? `Due soon: ${what}` : `Overdue for review: ${what}`,
    text:
      step === 'half-time'
        ? `Half its review time has passed: this ${levelOf(document)} at ${notice.clinicName} is waiting for review.`
        : `This ${levelOf(document)} at ${notice.clinicName} has passed its review time and is in the escalation queue.`,
    subTitle: what,
    url,
    documentId: document.id,
  });
}
