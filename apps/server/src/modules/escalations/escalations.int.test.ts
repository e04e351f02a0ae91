import { DAY_MS, documentDeadlinesOf, type EscalationQueue, HOUR_MS } from '@portal/domain';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { getSamplePdf, insertDocument, OWN_CLINIC_NPI, setClinicSetting } from '../../test-support/fixtures';
import { uploadBody } from '../../test-support/multipart';
import { signedInPortal } from '../../test-support/signed-in-portal';
import { escalateDueDocuments } from './escalate-due-documents';

// Issue 17 §1 on both engines: due times computed at ingest from the clinic's windows, each escalation
// step taken once however many instances look at the same moment (a controllable clock), signing ends
// it, and the provider company's queue and internal reviews.

const PUBLIC_URL = 'https://portal.test';

describe('review deadlines and escalation', () => {
  const portal = signedInPortal(['irhTech', 'provider', 'nurse', 'irhReporting']);

  /** A document received at `receivedAt` with the built-in windows (by its alert), unsigned. */
  async function documentReceived(receivedAt: Date, alert: 'high' | 'medium' | 'low' | null) {
    const row = await insertDocument(portal.db, portal.storage, {
      clinicNpi: OWN_CLINIC_NPI,
      type: alert ? 'crm-alert' : 'implicity-90-day-remote-report',
      alert,
    });
    await portal.db
      .updateTable('documents')
      .set(documentDeadlinesOf({}, { alert }, receivedAt))
      .where('id', '=', row.id)
      .execute();
    // When it arrived is fixed once written; a test moves it back to set the scene.
    await sql`UPDATE documents SET created_at = ${receivedAt} WHERE id = ${row.id}`.execute(portal.db);
    return row.id;
  }

  const stepsOf = (documentId: string) =>
    portal.db
      .selectFrom('documentEscalations')
      .select('step')
      .where('documentId', '=', documentId)
      .orderBy('firedAt')
      .execute()
      .then((rows) => rows.map((row) => row.step));
  const notificationsAbout = (documentId: string) =>
    portal.db
      .selectFrom('notifications')
      .select(['userId', 'title'])
      .where('documentId', '=', documentId)
      .execute();
  const auditSteps = (documentId: string) =>
    portal.db
      .selectFrom('auditEvents')
      .select('after')
      .where('entityId', '=', documentId)
      .where('eventType', '=', 'escalated')
      .execute()
      .then((rows) => rows.map((row) => (row.after as { step: string }).step));

  it("computes a document's due time at ingest from the clinic's window, on the clock or in working hours", async () => {
    await setClinicSetting(portal.db, 'reviewWindowHighHours', { enabled: true, value: '4' });
    const upload = async () => {
      const body = uploadBody(
        {
          clinicNpi: OWN_CLINIC_NPI,
          type: 'crm-alert',
          serviceLine: 'crm',
          alert: 'high',
          dos: '2026-11-02T09:30:00Z',
          patientId: `ESC-${Date.now()}`,
          patientFirstName: 'Ada',
          patientLastName: 'Deadline',
        },
        { name: 'alert.pdf', bytes: await getSamplePdf() },
      );
      const response = await portal.as.irhTech.inject({
        method: 'POST',
        url: '/api/reports',
        headers: { 'content-type': body.contentType },
        payload: body.payload,
      });
      expect(response.statusCode).toBe(201);
      return response.json().attributes as { createdAt: string; dueAt: string };
    };
    const onTheClock = await upload();
    const expected = new Date(onTheClock.createdAt).getTime() + 4 * HOUR_MS;
    // The due time is taken a moment before the row is written: within a second of created + 4 h.
    expect(Math.abs(new Date(onTheClock.dueAt).getTime() - expected)).toBeLessThan(1000);

    await setClinicSetting(portal.db, 'reviewBusinessHours', {
      enabled: true,
      value: 'Sat 10:00-11:00 UTC+00:00',
    });
    try {
      const inWorkingHours = await upload();
      // One working hour a week, on Saturdays from 10:00: four of them end on a Saturday at 11:00, weeks on.
      const due = new Date(inWorkingHours.dueAt);
      expect(due.getUTCDay()).toBe(6);
      expect(due.getUTCHours()).toBe(11);
      expect(due.getTime() - new Date(inWorkingHours.createdAt).getTime()).toBeGreaterThan(20 * DAY_MS);
    } finally {
      await setClinicSetting(portal.db, 'reviewBusinessHours', {
        enabled: false,
        value: 'Mon-Fri 08:00-17:00 UTC+00:00',
      });
      await setClinicSetting(portal.db, 'reviewWindowHighHours', { enabled: true, value: '24' });
    }
  });

  it('takes each step once, at half, one and two windows, however many instances run at once', async () => {
    const receivedAt = new Date('2030-01-06T00:00:00Z');
    const id = await documentReceived(receivedAt, 'high');
    await setClinicSetting(portal.db, 'escalationContacts', {
      enabled: true,
      value: 'oncall@clinic.example',
    });
    const at = (hours: number) => new Date(receivedAt.getTime() + hours * HOUR_MS);
    const escalateTwice = async (now: Date) => {
      const [first, second] = await Promise.all([
        escalateDueDocuments(portal.db, now, { publicUrl: PUBLIC_URL }),
        escalateDueDocuments(portal.db, now, { publicUrl: PUBLIC_URL }),
      ]);
      return [...first, ...second].filter((taken) => taken.documentId === id).map((taken) => taken.step);
    };

    expect(await escalateTwice(at(11))).toEqual([]);
    expect(await escalateTwice(at(12))).toEqual(['half-time']);
    expect(await escalateTwice(at(13))).toEqual([]);
    expect(await escalateTwice(at(24))).toEqual(['due']);
    expect(await escalateTwice(at(48))).toEqual(['twice-due']);
    expect(await escalateTwice(at(100))).toEqual([]);
    expect(await stepsOf(id)).toEqual(['half-time', 'due', 'twice-due']);
    expect((await auditSteps(id)).sort()).toEqual(['due', 'half-time', 'twice-due']);

    // Half-time told the clinic's providers (nobody has it); due told them and the technicians, once each.
    const notifications = await notificationsAbout(id);
    const titles = notifications.map((notification) => notification.title);
    expect(titles.filter((title) => title.startsWith('Due soon')).length).toBeGreaterThan(0);
    expect(
      notifications.some((n) => n.userId === 'auth0|demo-irhtech' && n.title.startsWith('Overdue')),
    ).toBe(true);
    expect(new Set(notifications.map((n) => `${n.userId} ${n.title}`)).size).toBe(notifications.length);
    // Twice the window: one e-mail to the clinic's escalation contact, naming no patient.
    const emails = await portal.db
      .selectFrom('emailOutbox')
      .select(['toAddress', 'subject', 'body'])
      .where('kind', '=', 'escalation')
      .where('body', 'like', `%${id}%`)
      .execute();
    expect(emails).toHaveLength(1);
    expect(emails[0]?.toAddress).toBe('oncall@clinic.example');
    expect(emails[0]?.body).not.toContain('Patient');
    await setClinicSetting(portal.db, 'escalationContacts', { enabled: false, value: '' });
  });

  it('signing a document ends its escalation', async () => {
    const receivedAt = new Date('2030-02-03T00:00:00Z');
    const id = await documentReceived(receivedAt, 'medium');
    expect(
      (await portal.as.provider.patch(`/api/reports/${id}/sign`, { note: 'Reviewed.' })).statusCode,
    ).toBe(200);
    await escalateDueDocuments(portal.db, new Date(receivedAt.getTime() + 30 * DAY_MS), {
      publicUrl: PUBLIC_URL,
    });
    expect(await stepsOf(id)).toEqual([]);
  });

  it('the queue lists overdue documents with their step, and an internal review shows to the clinic', async () => {
    const now = new Date();
    const overdue = await documentReceived(new Date(now.getTime() - 30 * HOUR_MS), 'high');
    const soon = await documentReceived(new Date(now.getTime() - 13 * DAY_MS - 2 * HOUR_MS), null);
    const later = await documentReceived(now, 'low');
    await escalateDueDocuments(portal.db, now, { publicUrl: PUBLIC_URL });

    const answer = await portal.as.irhTech.get('/api/reports/metrics/alert-escalation?size=100');
    expect(answer.statusCode, answer.body).toBe(200);
    const queue = answer.json() as EscalationQueue;
    const item = queue.data.find((entry) => entry.documentId === overdue);
    expect(item).toMatchObject({ alert: 'high', overdue: true, step: 'due', clinicNpi: OWN_CLINIC_NPI });
    expect(queue.data.find((entry) => entry.documentId === soon)).toMatchObject({
      overdue: false,
      alert: null,
    });
    expect(queue.data.some((entry) => entry.documentId === later)).toBe(false);
    expect(queue.metadata.counts.overdue.high).toBeGreaterThanOrEqual(1);
    expect(queue.metadata.counts.soonDue.routine).toBeGreaterThanOrEqual(1);
    // Most overdue first.
    const dues = queue.data.map((entry) => entry.dueAt);
    expect([...dues].sort()).toEqual(dues);
    const onlyOverdueHigh = (
      await portal.as.irhReporting.get('/api/reports/metrics/alert-escalation?when=overdue&level=high')
    ).json() as EscalationQueue;
    expect(onlyOverdueHigh.data.every((entry) => entry.overdue && entry.alert === 'high')).toBe(true);
    expect((await portal.as.provider.get('/api/reports/metrics/alert-escalation')).statusCode).toBe(403);

    const review = await portal.as.irhTech.post(`/api/reports/${overdue}/internal-reviews`, {
      note: 'Called the clinic: Dr. Reyes reviews it this afternoon.',
    });
    expect(review.statusCode).toBe(201);
    expect(
      (await portal.as.provider.post(`/api/reports/${overdue}/internal-reviews`, { note: 'x' })).statusCode,
    ).toBe(403);
    const seenByClinic = await portal.as.nurse.get(`/api/reports/${overdue}/internal-reviews`);
    expect(seenByClinic.json().data[0]).toMatchObject({
      note: 'Called the clinic: Dr. Reyes reviews it this afternoon.',
      reviewerName: expect.stringContaining('Marsh'),
    });
    const requeued = (
      await portal.as.irhTech.get('/api/reports/metrics/alert-escalation?size=100')
    ).json() as EscalationQueue;
    expect(requeued.data.find((entry) => entry.documentId === overdue)?.lastInternalReview?.note).toContain(
      'Called',
    );
    const bad = await portal.as.irhTech.get('/api/reports/metrics/alert-escalation?level=urgent');
    expect(bad.statusCode).toBe(400);
  });
});
