import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  insertDocument,
  OWN_CLINIC_NPI,
  setClinicFeatureFlag,
  setClinicSetting,
} from '../../test-support/fixtures';
import { signedInPortal } from '../../test-support/signed-in-portal';

const pdfText = (bytes: Uint8Array) => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-')), 'doc.pdf');
  fs.writeFileSync(file, bytes);
  execFileSync('qpdf', ['--check', file]);
  return execFileSync('pdftotext', ['-layout', file, '-']).toString('utf8');
};

/** '2026-12-07T08:42:10-08:00': now on a clock `offsetHours` from UTC, plus `skewMs`. */
const clockAt = (offsetHours: number, skewMs = 0) => {
  const sign = offsetHours < 0 ? '-' : '+';
  const hours = String(Math.abs(offsetHours)).padStart(2, '0');
  return new Date(Date.now() + skewMs + offsetHours * 3_600_000)
    .toISOString()
    .replace(/\.\d+Z$/, `${sign}${hours}:00`);
};

/** The wall time an instant shows in a zone, to the minute: what the printed time must start with. */
const wallMinute = (instant: Date, timeZone: string) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hour12: true,
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return { date: `${parts.month}/${parts.day}/${parts.year}`, hour: parts.hour, minute: parts.minute };
};

// Issue 31 §1: the printed time is the server's clock at signing, in the clinic's time zone with its
// abbreviation and offset, or in the signer's offset when they sent their clock; never what the client
// typed. The date of service prints as received. The audit event keeps UTC.
describe('the date and time on a signature', () => {
  const portal = signedInPortal(['provider', 'nurse']);

  const signedPdfText = async (documentId: string) => {
    const download = await portal.as.provider.get(`/api/reports/blob-storage/${documentId}`);
    expect(download.statusCode).toBe(200);
    return pdfText(download.rawPayload);
  };
  const auditAfter = async (documentId: string, eventType: string) => {
    const event = await portal.db
      .selectFrom('auditEvents')
      .select('after')
      .where('entityId', '=', documentId)
      .where('eventType', '=', eventType)
      .executeTakeFirstOrThrow();
    return event.after as { signedAt: string; signedAtText: string };
  };

  it("prints the server's time in the clinic's zone (New York by default) with abbreviation and offset", async () => {
    const document = await insertDocument(portal.db, portal.storage, {
      clinicNpi: OWN_CLINIC_NPI,
      assignedTo: 'auth0|demo-provider',
      dos: new Date('2026-11-01T00:00:00Z'),
    });
    const before = new Date();
    const response = await portal.as.provider.patch(`/api/reports/${document.id}/sign`, { note: 'ok' });
    expect(response.statusCode, response.body).toBe(200);
    const after = await auditAfter(document.id, 'signed');
    // The audit event keeps the instant in UTC.
    expect(after.signedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const signedAt = new Date(after.signedAt);
    expect(signedAt.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    const wall = wallMinute(signedAt, 'America/New_York');
    expect(after.signedAtText).toMatch(
      new RegExp(
        `^${wall.date.replace(/\//g, '\\/')} ${wall.hour}:${wall.minute}:\\d{2} [AP]M E[SD]T \\(UTC−0[45]:00\\)$`,
      ),
    );
    const text = await signedPdfText(document.id);
    expect(text).toContain(after.signedAtText);
    // The date of service as received, whatever zone the server runs in.
    expect(text).toContain('11/01/2026');
  });

  it("prints in the clinic's own zone when it set one", async () => {
    await setClinicSetting(portal.db, 'clinicTimeZone', { enabled: true, value: 'America/Chicago' });
    try {
      const document = await insertDocument(portal.db, portal.storage, {
        clinicNpi: OWN_CLINIC_NPI,
        assignedTo: 'auth0|demo-provider',
      });
      expect((await portal.as.provider.patch(`/api/reports/${document.id}/sign`, {})).statusCode).toBe(200);
      const after = await auditAfter(document.id, 'signed');
      expect(after.signedAtText).toMatch(/ C[SD]T \(UTC−0[56]:00\)$/);
      expect(await signedPdfText(document.id)).toContain(after.signedAtText);
    } finally {
      await setClinicSetting(portal.db, 'clinicTimeZone', { enabled: true, value: 'America/New_York' });
    }
  });

  it("prints in the signer's offset when their clock agrees with the server's", async () => {
    const document = await insertDocument(portal.db, portal.storage, {
      clinicNpi: OWN_CLINIC_NPI,
      assignedTo: 'auth0|demo-provider',
    });
    const response = await portal.as.provider.patch(`/api/reports/${document.id}/sign`, {
      localTime: clockAt(-8, 60_000),
    });
    expect(response.statusCode, response.body).toBe(200);
    const after = await auditAfter(document.id, 'signed');
    // The server's clock, not the signer's minute-fast one.
    const wall = new Date(new Date(after.signedAt).getTime() - 8 * 3_600_000);
    const hour12 = String(wall.getUTCHours() % 12 || 12).padStart(2, '0');
    expect(after.signedAtText).toMatch(
      new RegExp(
        `^\\d{2}/\\d{2}/\\d{4} ${hour12}:${String(wall.getUTCMinutes()).padStart(2, '0')}:\\d{2} [AP]M \\(UTC−08:00\\)$`,
      ),
    );
    expect(await signedPdfText(document.id)).toContain('(UTC−08:00)');
  });

  it.each([
    ['free text', '01/01/2020 09:00 AM'],
    ['a time without offset', new Date().toISOString().replace('Z', '')],
    ['a time ten minutes off', clockAt(-5, 10 * 60_000)],
    ['a time years ago', '2020-01-01T09:00:00-05:00'],
  ])('refuses %s as localTime with 400 naming it, and signs nothing', async (_case, localTime) => {
    const document = await insertDocument(portal.db, portal.storage, {
      clinicNpi: OWN_CLINIC_NPI,
      assignedTo: 'auth0|demo-provider',
    });
    for (const [caller, method, url, body] of [
      [portal.as.provider, 'PATCH', `/api/reports/${document.id}/sign`, { localTime }],
      [portal.as.nurse, 'PATCH', `/api/reports/${document.id}/acknowledge`, { localTime }],
      [portal.as.provider, 'POST', '/api/reports/bulk-sign', { ids: [document.id], localTime }],
      [portal.as.provider, 'POST', '/api/reports/sign', { ids: [document.id], localTime }],
    ] as const) {
      const response = await caller.send(method, url, body);
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(400);
      expect(response.json().details.map((detail: { field: string }) => detail.field)).toEqual(['localTime']);
    }
    const row = await portal.db
      .selectFrom('documents')
      .select('status')
      .where('id', '=', document.id)
      .executeTakeFirst();
    expect(row?.status).toBe('unsigned');
  });

  it('the acknowledgement and bulk signing keep the same rule and record the printed time', async () => {
    const alert = await insertDocument(portal.db, portal.storage, { clinicNpi: OWN_CLINIC_NPI });
    const acknowledged = await portal.as.nurse.patch(`/api/reports/${alert.id}/acknowledge`, {
      localTime: clockAt(1),
    });
    expect(acknowledged.statusCode, acknowledged.body).toBe(200);
    expect((await auditAfter(alert.id, 'acknowledged')).signedAtText).toMatch(/ \(UTC\+01:00\)$/);

    await setClinicFeatureFlag(portal.db, 'bulkESigning', true);
    const many = await insertDocument(portal.db, portal.storage, {
      clinicNpi: OWN_CLINIC_NPI,
      assignedTo: 'auth0|demo-provider',
    });
    const bulk = await portal.as.provider.post('/api/reports/sign', {
      ids: [many.id],
      localTime: clockAt(-5),
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    const result = (bulk.json() as { success: boolean }[])[0];
    if (result?.success)
      expect((await auditAfter(many.id, 'signed')).signedAtText).toMatch(/ \(UTC−05:00\)$/);
  });
});
