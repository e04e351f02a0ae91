import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDocument, OWN_CLINIC_NPI } from '../../test-support/fixtures';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { runReminders } from './reminders';

// A real SMTP server (smtp-server) receives what nodemailer sends when SMTP_URL is set.
describe('reminder e-mail through SMTP_URL', () => {
  const received: { to: string[]; raw: string }[] = [];
  let smtp: SMTPServer;
  let portal: TestApp;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => {
          raw += chunk.toString();
        });
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    portal = await createTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, EMAIL_FROM: 'Portal <portal@clinic.test>' },
    });
  });
  afterAll(async () => {
    await portal.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('sends the reminder and marks it sent in the outbox', async () => {
    await insertDocument(portal.db, portal.storage, {
      clinicNpi: OWN_CLINIC_NPI,
      assignedTo: 'auth0|demo-provider',
    });
    expect(
      await runReminders(portal.db, {
        kind: 'weekly',
        period: 'week-of-2026-11-16',
        publicUrl: 'http://portal.test',
      }),
    ).toBe(1);
    portal.app.emailOutbox.wake();
    const deadline = Date.now() + 10_000;
    while (received.length === 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received).toHaveLength(1);
    expect(received[0]?.to).toEqual(['provider@example.org']);
    expect(received[0]?.raw).toContain('Subject: You have 1 unsigned document');
    expect(received[0]?.raw).toContain('From: Portal <portal@clinic.test>');
    expect(received[0]?.raw).not.toContain('Patient');
    let row = await portal.db.selectFrom('emailOutbox').selectAll().executeTakeFirstOrThrow();
    for (let tries = 0; !row.sentAt && tries < 50; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      row = await portal.db.selectFrom('emailOutbox').selectAll().executeTakeFirstOrThrow();
    }
    expect(row).toMatchObject({ attempts: 1, lastError: null });
    expect(row.sentAt).toBeInstanceOf(Date);
  });
});
