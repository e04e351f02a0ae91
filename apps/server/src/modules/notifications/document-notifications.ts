import {
  can,
  DOCUMENT_TYPE_LABELS,
  GLOBAL_CLINIC_NPI,
  type RealtimeAlertPreference,
  wantsRealtimeAlert,
} from '@portal/domain';
import { sql } from 'kysely';
import type { Tx } from '../../db/transaction';
import { UnprocessableError } from '../../http/errors';
import { createNotifications, documentLink } from './create-notifications';

// What document events notify whom. Texts name the kind of document and never the patient: the
// notification list is PHI-light, and the inbox link opens the document itself.

type DocumentSummary = { id: string; clinicNpi: string; type: string; serviceLine: string };

/** 'the 90 Day report', 'the Alert report': the type's display label, as the inbox shows it. */
function describeDocument(document: DocumentSummary): string {
  const label = (DOCUMENT_TYPE_LABELS as Record<string, string>)[document.type] ?? document.type;
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
  const recipient = await tx
    .selectFrom('users')
    .select(['id', 'roles', 'isLocked'])
    .where('id', '=', options.to)
    .executeTakeFirst();
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

/** The provider-company staff (every user with a role at '*'), who look into reported problems. */
async function listProviderCompanyStaff(tx: Tx): Promise<string[]> {
  const rows = await tx
    .selectFrom('users')
    .select('id')
    .where(sql<boolean>`roles @> ${JSON.stringify([{ clinicNPI: GLOBAL_CLINIC_NPI }])}::jsonb`)
    .where('isLocked', '=', false)
    .execute();
  return rows.map((row) => row.id);
}

export async function notifyProblemReported(
  tx: Tx,
  options: { document: DocumentSummary; reporterId: string | null; text: string },
) {
  const staff = (await listProviderCompanyStaff(tx)).filter((id) => id !== options.reporterId);
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
  const candidates = await tx
    .selectFrom('users')
    .leftJoin('notificationPreferences', 'notificationPreferences.userId', 'users.id')
    .select(['users.id', 'users.roles', 'users.isLocked', 'notificationPreferences.enableRealtimeAlerts'])
    .where(sql<boolean>`users.roles @> ${JSON.stringify([{ clinicNPI: options.document.clinicNpi }])}::jsonb`)
    .where('users.isLocked', '=', false)
    .execute();
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
