import { describe, expect, it } from 'vitest';
import { inTransaction } from '../../db/transaction';
import { HttpError } from '../../http/errors';
import { insertPatient, OWN_CLINIC_NPI } from '../../test-support/fixtures';
import { signedInPortal } from '../../test-support/signed-in-portal';
import { type NewDeviceSession, saveDeviceSession } from './save-device-session';

describe('saveDeviceSession', () => {
  // The app opens the audit trail the events are chained in.
  const handle = signedInPortal(['nurse']);

  const sessionOf = (
    patient: { id: string; clinicNpi: string },
    overrides: Partial<NewDeviceSession> = {},
  ) => ({
    patient,
    deviceType: 'ICD' as const,
    kind: 'remote' as const,
    source: 'device-import' as const,
    sessionDate: new Date('2026-03-02T09:30:00Z'),
    serialNumber: 'PZK600123S',
    externalId: 'MDT|msg-0001',
    measurements: [
      { key: 'MDC_IDC_MSMT_LEADCHNL_RV_IMPEDANCE_VALUE', value: 513 },
      { key: 'MDC_IDC_MSMT_BATTERY_STATUS', value: 'MOS' },
      { key: 'MDC_IDC_STAT_AT_BURDEN_PERCENT', value: 0.4, measuredAt: new Date('2026-03-01T00:00:00Z') },
    ],
    confirmedBy: null,
    ...overrides,
  });
  const countOf = async (table: 'deviceSessions' | 'deviceMeasurements', patientRef: string) =>
    Number(
      (
        await handle.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('count'))
          .where('patientRef', '=', patientRef)
          .executeTakeFirstOrThrow()
      ).count,
    );

  it('records the session, its values with their provenance, and the patient’s audit event', async () => {
    const patient = await insertPatient(handle.db, { clinicNpi: OWN_CLINIC_NPI });
    const { session, created } = await inTransaction(handle.db, (tx) =>
      saveDeviceSession(tx, 'auth0|importer', sessionOf(patient)),
    );
    expect(created).toBe(true);
    expect(session).toMatchObject({
      patientRef: patient.id,
      deviceType: 'ICD',
      kind: 'remote',
      nextFollowUp: null,
    });
    const values = await handle.db
      .selectFrom('deviceMeasurements')
      .select(['key', 'valueNumber', 'valueText', 'source', 'measuredAt'])
      .where('sessionId', '=', session.id)
      .orderBy('key')
      .execute();
    expect(values.map((value) => [value.key, value.valueNumber ?? value.valueText, value.source])).toEqual([
      ['MDC_IDC_MSMT_BATTERY_STATUS', 'MOS', 'device-import'],
      ['MDC_IDC_MSMT_LEADCHNL_RV_IMPEDANCE_VALUE', 513, 'device-import'],
      ['MDC_IDC_STAT_AT_BURDEN_PERCENT', 0.4, 'device-import'],
    ]);
    // A daily value keeps its own day.
    expect(values[2]?.measuredAt.toISOString()).toBe('2026-03-01T00:00:00.000Z');
    const events = await handle.db
      .selectFrom('auditEvents')
      .select(['eventType', 'after'])
      .where('entityType', '=', 'patient')
      .where('entityId', '=', patient.id)
      .execute();
    expect(events).toEqual([
      {
        eventType: 'device_session',
        after: expect.objectContaining({ sessionId: session.id, measurementCount: 3, kind: 'remote' }),
      },
    ]);
  });

  it('saves the same external id once: the second save returns the first session and writes nothing', async () => {
    const patient = await insertPatient(handle.db, { clinicNpi: OWN_CLINIC_NPI });
    const input = sessionOf(patient, { externalId: 'MDT|msg-0002' });
    const first = await inTransaction(handle.db, (tx) => saveDeviceSession(tx, 'auth0|importer', input));
    const second = await inTransaction(handle.db, (tx) => saveDeviceSession(tx, 'auth0|importer', input));
    expect(second).toEqual({ session: first.session, created: false });
    expect(await countOf('deviceSessions', patient.id)).toBe(1);
    expect(await countOf('deviceMeasurements', patient.id)).toBe(3);
  });

  it('refuses an imported value that is physically impossible, naming it, and writes nothing', async () => {
    const patient = await insertPatient(handle.db, { clinicNpi: OWN_CLINIC_NPI });
    const refusal = await inTransaction(handle.db, (tx) =>
      saveDeviceSession(
        tx,
        'auth0|importer',
        sessionOf(patient, {
          externalId: 'MDT|msg-0003',
          measurements: [
            { key: 'MDC_IDC_MSMT_LEADCHNL_RV_IMPEDANCE_VALUE', value: -40 },
            { key: 'MDC_IDC_MSMT_BATTERY_STATUS', value: 'Low' },
          ],
        }),
      ),
    ).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(HttpError);
    expect((refusal as HttpError).statusCode).toBe(422);
    expect((refusal as HttpError).details?.map((detail) => detail.field)).toEqual([
      'measurements.MDC_IDC_MSMT_LEADCHNL_RV_IMPEDANCE_VALUE',
      'measurements.MDC_IDC_MSMT_BATTERY_STATUS',
    ]);
    expect(await countOf('deviceSessions', patient.id)).toBe(0);
  });
});
