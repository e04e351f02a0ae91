import type { HTTPMethods } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  getSamplePdf,
  insertDocument,
  insertUser,
  OTHER_CLINIC_NPI,
  OWN_CLINIC_NPI,
} from '../../test-support/fixtures';
import { bearer, signIn } from '../../test-support/sign-in';
import { type Caller, signedInPortal } from '../../test-support/signed-in-portal';
import { createTestApp } from '../../test-support/test-app';
import { reminderPeriod, runReminders } from './reminders';

describe('notifications: each user their own, newest first, 25 a page', () => {
  const portal = signedInPortal(['provider', 'nurse', 'sysAdmin']);
  const list = async (caller: Caller, query = '') =>
    (await caller.get(`/api/notifications/in-app${query}`)).json() as {
      totalCount: number;
      unreadCount: number;
      data: { id: string; isRead: boolean; title: string; type: string; documentId: string | null }[];
    };

  it('an administrator sends 30; the provider pages through them newest first and filters by isRead', async () => {
    for (let index = 1; index <= 30; index++) {
      const sent = await portal.as.sysAdmin.post('/api/notifications/in-app', {
        userIds: ['auth0|demo-provider'],
        type: 'info',
        title: `Notice ${index}`,
        text: 'Scheduled maintenance tonight.',
        fromUserId: 'auth0|somebody-else',
      });
      expect(sent.statusCode).toBe(201);
    }
    const first = await list(portal.as.provider);
    expect(first).toMatchObject({ totalCount: 30, unreadCount: 30 });
    expect(first.data).toHaveLength(25);
    expect(first.data[0]?.title).toBe('Notice 30');
    const second = await list(portal.as.provider, '?offset=25');
    expect(second.data.map((item) => item.title)).toEqual([
      'Notice 5',
      'Notice 4',
      'Notice 3',
      'Notice 2',
      'Notice 1',
    ]);
    const oldestFirst = await list(portal.as.provider, '?sort=createdAt&limit=2');
    expect(oldestFirst.data.map((item) => item.title)).toEqual(['Notice 1', 'Notice 2']);

    const newest = first.data[0];
    const marked = await portal.as.provider.patch(`/api/notifications/in-app/${newest?.id}`, {
      isRead: true,
    });
    expect(marked.json()).toEqual({ id: newest?.id, isRead: true });
    expect(await list(portal.as.provider, '?isRead=false')).toMatchObject({
      totalCount: 29,
      unreadCount: 29,
    });
    const read = await list(portal.as.provider, '?isRead=true');
    expect(read).toMatchObject({ totalCount: 1, unreadCount: 29 });
    expect(read.data[0]?.id).toBe(newest?.id);
    // The sender recorded is the administrator who sent it, not what the body claimed.
    const row = await portal.db
      .selectFrom('notifications')
      .select('fromUserId')
      .where('id', '=', newest?.id as string)
      .executeTakeFirstOrThrow();
    expect(row.fromUserId).toBe('auth0|demo-sysadmin');
  });

  it("another user's notification answers 404 to read, change and delete, and stays as it was", async () => {
    const { data } = await list(portal.as.provider, '?isRead=false');
    const id = data[0]?.id as string;
    expect(
      (await portal.as.nurse.patch(`/api/notifications/in-app/${id}`, { isRead: true })).statusCode,
    ).toBe(404);
    expect((await portal.as.nurse.delete(`/api/notifications/in-app/${id}`)).statusCode).toBe(404);
    expect((await list(portal.as.nurse)).totalCount).toBe(0);
    const row = await portal.db
      .selectFrom('notifications')
      .select('isRead')
      .where('id', '=', id)
      .executeTakeFirst();
    expect(row?.isRead).toBe(false);
  });

  it('mark all read, delete all read and delete one', async () => {
    const { data } = await list(portal.as.provider);
    expect((await portal.as.provider.delete(`/api/notifications/in-app/${data[1]?.id}`)).statusCode).toBe(
      204,
    );
    expect((await portal.as.provider.delete(`/api/notifications/in-app/${data[1]?.id}`)).statusCode).toBe(
      404,
    );
    const marked = await portal.as.provider.post('/api/notifications/in-app/mark-all-as-read');
    expect(marked.json()).toEqual({ updated: 28 });
    expect(await list(portal.as.provider)).toMatchObject({ totalCount: 29, unreadCount: 0 });
    const deleted = await portal.as.provider.post('/api/notifications/in-app/delete-all-read');
    expect(deleted.json()).toEqual({ deleted: 29 });
    expect(await list(portal.as.provider)).toMatchObject({ totalCount: 0, unreadCount: 0 });
  });

  it('refuses bad input naming the field, and writes nothing', async () => {
    const before = await portal.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const cases: [HTTPMethods, string, object | undefined, string][] = [
      ['GET', '/api/notifications/in-app?limit=500', undefined, 'limit'],
      ['GET', '/api/notifications/in-app?isRead=maybe', undefined, 'isRead'],
      ['GET', '/api/notifications/in-app?sort=title', undefined, 'sort'],
      ['PATCH', '/api/notifications/in-app/not-an-id', { isRead: true }, 'id'],
      ['PATCH', `/api/notifications/in-app/${crypto.randomUUID()}`, { isRead: 'yes' }, 'isRead'],
      [
        'PATCH',
        '/api/notifications/preferences/in-app',
        { enableRealtimeAlerts: 'sometimes' },
        'enableRealtimeAlerts',
      ],
      ['PATCH', '/api/notifications/preferences/in-app', { enableDailyDigest: 'on' }, 'enableDailyDigest'],
    ];
    for (const [method, url, payload, field] of cases) {
      const response = await portal.as.provider.send(method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(400);
      expect(JSON.stringify(response.json().details), `${method} ${url}`).toContain(field);
    }
    const sendCases: [object, string, number][] = [
      [{ userIds: [], type: 'info', title: 'T', text: 'x' }, 'userIds', 400],
      [{ userIds: ['auth0|demo-nurse'], type: 'gossip', title: 'T', text: 'x' }, 'type', 400],
      [{ userIds: ['auth0|demo-nurse'], type: 'info', title: '', text: 'x' }, 'title', 400],
      [
        { userIds: ['auth0|demo-nurse'], type: 'info', title: 'T', text: 'x', url: 'https://evil.example' },
        'url',
        400,
      ],
      [
        { userIds: ['auth0|demo-nurse', 'auth0|nobody'], type: 'info', title: 'T', text: 'x' },
        'userIds',
        422,
      ],
    ];
    for (const [payload, field, status] of sendCases) {
      const response = await portal.as.sysAdmin.post('/api/notifications/in-app', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(JSON.stringify(response.json().details)).toContain(field);
    }
    const after = await portal.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect((await portal.as.nurse.post('/api/notifications/in-app', sendCases[0]?.[0])).statusCode).toBe(403);
  });

  it('preferences start at the defaults, change one at a time, and are audited', async () => {
    expect((await portal.as.nurse.get('/api/notifications/preferences')).json()).toEqual({
      inAppPreferences: {
        enableWeeklyDigest: true,
        enableDailyDigest: false,
        enableRealtimeAlerts: 'high',
        enableDailyAdminReport: false,
      },
    });
    const changed = await portal.as.nurse.patch('/api/notifications/preferences/in-app', {
      enableDailyDigest: true,
      enableRealtimeAlerts: 'all',
    });
    expect(changed.json()).toEqual({
      inAppPreferences: {
        enableWeeklyDigest: true,
        enableDailyDigest: true,
        enableRealtimeAlerts: 'all',
        enableDailyAdminReport: false,
      },
    });
    expect(
      (await portal.as.nurse.get('/api/notifications/preferences')).json().inAppPreferences,
    ).toMatchObject({
      enableDailyDigest: true,
    });
    const audit = await portal.db
      .selectFrom('auditEvents')
      .select(['before', 'after'])
      .where('entityId', '=', 'notification-preferences:auth0|demo-nurse')
      .executeTakeFirstOrThrow();
    expect(audit.before).toMatchObject({ enableDailyDigest: false });
    expect(audit.after).toMatchObject({ enableDailyDigest: true, enableRealtimeAlerts: 'all' });
  });

  it('a test notification goes to the caller only', async () => {
    const sent = await portal.as.nurse.post('/api/notifications/in-app/test');
    expect(sent.statusCode).toBe(201);
    expect((await list(portal.as.nurse)).data[0]).toMatchObject({ type: 'info', title: 'Test notification' });
    expect((await list(portal.as.provider)).totalCount).toBe(0);
  });

  it('a comment to a user notifies them; a comment to someone who cannot read the document is refused', async () => {
    const document = await insertDocument(portal.db, portal.storage, { clinicNpi: OWN_CLINIC_NPI });
    const outsider = await insertUser(portal.db, { clinicNpi: '1003000126', role: 'provider' });
    const refused = await portal.as.nurse.post(`/api/reports/${document.id}/comments`, {
      to: outsider.id,
      text: 'Can you see this?',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().details[0].field).toBe('to');
    const comments = await portal.as.nurse.get(`/api/reports/${document.id}/comments`);
    expect(comments.json().data).toHaveLength(0);

    await portal.as.nurse.post(`/api/reports/${document.id}/comments`, {
      to: 'auth0|demo-provider',
      text: 'Please sign.',
    });
    const { data } = await list(portal.as.provider);
    expect(data[0]).toMatchObject({ type: 'comment', documentId: document.id });
  });

  it('a reported problem notifies the provider-company staff', async () => {
    const document = await insertDocument(portal.db, portal.storage, { clinicNpi: OWN_CLINIC_NPI });
    const reported = await portal.as.nurse.post(`/api/reports/${document.id}/report-problem`, {
      text: 'Page 3 is blank.',
    });
    expect(reported.statusCode).toBe(201);
    const staff = await list(portal.as.sysAdmin);
    expect(staff.data.find((item) => item.documentId === document.id)).toMatchObject({
      type: 'problem-reported',
    });
    expect((await list(portal.as.nurse)).data.some((item) => item.type === 'problem-reported')).toBe(false);
  });

  it('a new alert reaches the clinic users whose realtime preference asks for its level', async () => {
    const pdfBase64 = Buffer.from(await getSamplePdf()).toString('base64');
    const ingest = async (alert: string) => {
      const response = await portal.as.sysAdmin.post('/api/reports/wcd', {
        attributes: {
          clinicNpi: OWN_CLINIC_NPI,
          type: 'implicity-crm-report',
          serviceLine: 'crm',
          dos: '2026-11-20T08:00:00Z',
          patientId: 'P-ALERT',
          patientFirstName: 'Alert',
          patientLastName: 'Case',
          alert,
        },
        pdfBase64,
      });
      expect(response.statusCode).toBe(201);
      return response.json().id as string;
    };
    const alertsFor = async (caller: Caller) =>
      (await list(caller, '?limit=100')).data.filter((item) => item.type === 'realtime-report');
    // The nurse chose 'all' above; the provider keeps the default 'high'.
    const high = await ingest('high');
    expect((await alertsFor(portal.as.provider)).map((item) => item.documentId)).toEqual([high]);
    expect((await alertsFor(portal.as.nurse)).map((item) => item.documentId)).toEqual([high]);
    const low = await ingest('low');
    expect((await alertsFor(portal.as.provider)).map((item) => item.documentId)).toEqual([high]);
    expect((await alertsFor(portal.as.nurse)).map((item) => item.documentId)).toEqual([low, high]);
    // The text names no patient.
    const texts = (await list(portal.as.nurse, '?limit=100')).data.map((item) => JSON.stringify(item));
    expect(texts.join(' ')).not.toContain('Case');
  });
});

describe('daily and weekly reminders', () => {
  it('fall due at the hour, in UTC, the weekly one on Monday and through the week', () => {
    expect(reminderPeriod('daily', new Date('2026-11-23T11:59:00Z'), 12)).toBeNull();
    expect(reminderPeriod('daily', new Date('2026-11-23T12:00:00Z'), 12)).toBe('2026-11-23');
    expect(reminderPeriod('weekly', new Date('2026-11-23T11:00:00Z'), 12)).toBeNull();
    expect(reminderPeriod('weekly', new Date('2026-11-23T12:30:00Z'), 12)).toBe('week-of-2026-11-23');
    expect(reminderPeriod('weekly', new Date('2026-11-28T01:00:00Z'), 12)).toBe('week-of-2026-11-23');
  });

  it('remind users with unsigned documents in-app and by e-mail, once a period, as their digest preference says', async () => {
    const portal = await createTestApp();
    try {
      await insertDocument(portal.db, portal.storage, {
        clinicNpi: OWN_CLINIC_NPI,
        assignedTo: 'auth0|demo-provider',
      });
      await insertDocument(portal.db, portal.storage, {
        clinicNpi: OWN_CLINIC_NPI,
        assignedTo: 'auth0|demo-provider',
      });
      await insertDocument(portal.db, portal.storage, {
        clinicNpi: OWN_CLINIC_NPI,
        assignedTo: 'auth0|demo-nurse',
        status: 'signed',
      });
      const options = {
        kind: 'weekly',
        period: 'week-of-2026-11-23',
        publicUrl: 'http://portal.test',
      } as const;
      expect(await runReminders(portal.db, options)).toBe(1);
      expect(await runReminders(portal.db, options)).toBe(0);
      const notifications = await portal.db.selectFrom('notifications').selectAll().execute();
      expect(notifications).toHaveLength(1);
      expect(notifications[0]).toMatchObject({
        userId: 'auth0|demo-provider',
        type: 'weekly-reminder',
        title: 'You have 2 unsigned documents',
      });
      const emails = await portal.db.selectFrom('emailOutbox').selectAll().execute();
      expect(emails).toHaveLength(1);
      expect(emails[0]).toMatchObject({
        toAddress: 'provider@example.org',
        subject: 'You have 2 unsigned documents',
        sentAt: null,
      });
      expect(emails[0]?.body).toContain('http://portal.test/signature/dashboard/');

      // The daily digest is off by default: nobody is reminded until they turn it on.
      expect(await runReminders(portal.db, { ...options, kind: 'daily', period: '2026-11-23' })).toBe(0);
      const provider = await signIn(portal.app, 'provider@example.org');
      await portal.app.inject({
        method: 'PATCH',
        url: '/api/notifications/preferences/in-app',
        headers: bearer(provider),
        payload: { enableDailyDigest: true },
      });
      expect(await runReminders(portal.db, { ...options, kind: 'daily', period: '2026-11-24' })).toBe(1);

      const sysadmin = await signIn(portal.app, 'sysadmin@example.org');
      const outbox = await portal.app.inject({
        url: '/api/notifications/email-outbox',
        headers: bearer(sysadmin),
      });
      expect(outbox.json()).toMatchObject({ totalCount: 2 });
      expect(outbox.json().data[0]).toMatchObject({
        to: 'provider@example.org',
        kind: 'daily-reminder',
        sentAt: null,
      });
    } finally {
      await portal.close();
    }
  });

  it("count exactly the provider's to-do list (GET /api/reports, assigned to me, unsigned) and link to it", async () => {
    const portal = await createTestApp();
    try {
      const assignedToProvider = { assignedTo: 'auth0|demo-provider' };
      // In the list: three unsigned documents assigned to the provider at their clinic.
      for (let index = 0; index < 3; index++) {
        await insertDocument(portal.db, portal.storage, { clinicNpi: OWN_CLINIC_NPI, ...assignedToProvider });
      }
      // Not in the list, so not in the count: hidden, in the trash, signed, someone else's, unassigned,
      // and one at a clinic where the provider holds no role (assigned before the role was taken away).
      const hidden = await insertDocument(portal.db, portal.storage, {
        clinicNpi: OWN_CLINIC_NPI,
        ...assignedToProvider,
      });
      await portal.db.updateTable('documents').set({ isHidden: true }).where('id', '=', hidden.id).execute();
      const trashed = await insertDocument(portal.db, portal.storage, {
        clinicNpi: OWN_CLINIC_NPI,
        ...assignedToProvider,
      });
      await portal.db
        .updateTable('documents')
        .set({ deletedAt: new Date() })
        .where('id', '=', trashed.id)
        .execute();
      await insertDocument(portal.db, portal.storage, {
        clinicNpi: OWN_CLINIC_NPI,
        status: 'signed',
        ...assignedToProvider,
      });
      await insertDocument(portal.db, portal.storage, {
        clinicNpi: OWN_CLINIC_NPI,
        assignedTo: 'auth0|demo-nurse',
      });
      await insertDocument(portal.db, portal.storage, { clinicNpi: OWN_CLINIC_NPI, assignedTo: null });
      await insertDocument(portal.db, portal.storage, { clinicNpi: OTHER_CLINIC_NPI, ...assignedToProvider });

      const provider = await signIn(portal.app, 'provider@example.org');
      const inbox = await portal.app.inject({
        url: '/api/reports?filter[assignedTo]=me&filter[status]=unsigned&filter[clinicNpi]=any',
        headers: bearer(provider),
      });
      expect(inbox.statusCode).toBe(200);
      const inboxCount = inbox.json().metadata.totalCount as number;
      expect(inboxCount).toBe(3);

      expect(
        await runReminders(portal.db, {
          kind: 'weekly',
          period: 'week-of-2026-11-30',
          publicUrl: 'http://portal.test',
        }),
      ).toBe(2); // the provider, and the nurse for the one assigned to her
      const notification = await portal.db
        .selectFrom('notifications')
        .selectAll()
        .where('userId', '=', 'auth0|demo-provider')
        .executeTakeFirstOrThrow();
      expect(notification.title).toBe(`You have ${inboxCount} unsigned documents`);
      const link = '/signature/dashboard/?clinicNpi=any&serviceLine=any&type=any&status=todo&assignedTo=me';
      expect(notification.url).toBe(link);
      const email = await portal.db
        .selectFrom('emailOutbox')
        .selectAll()
        .where('toAddress', '=', 'provider@example.org')
        .executeTakeFirstOrThrow();
      expect(email.subject).toBe(`You have ${inboxCount} unsigned documents`);
      expect(email.body).toContain(`http://portal.test${link}`);
    } finally {
      await portal.close();
    }
  });
});
