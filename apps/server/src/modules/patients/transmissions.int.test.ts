import { DAY_MS, type OverdueTransmissions, type TransmissionStatus } from '@portal/domain';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  insertPatient,
  OTHER_CLINIC_NPI,
  OWN_CLINIC_NPI,
  setClinicSetting,
} from '../../test-support/fixtures';
import { signedInPortal } from '../../test-support/signed-in-portal';

// Issue 17 §2 on both engines: a monitored patient is overdue when the last remote transmission (or, with
// none, monitoring's start) is older than the clinic's schedule for the device plus the grace.

describe('missed transmissions', () => {
  const portal = signedInPortal(['nurse', 'deviceTech']);
  const now = Date.now();
  const daysAgo = (days: number) => new Date(now - days * DAY_MS);

  async function monitoredPatient(
    lastName: string,
    deviceType: string,
    options: { lastTransmissionDaysAgo?: number; sinceDaysAgo?: number; connectivity?: string } = {},
  ) {
    const patient = await insertPatient(portal.db, {
      clinicNpi: OWN_CLINIC_NPI,
      lastName,
      deviceInfo: {
        deviceType,
        model: 'Model',
        ...(options.connectivity ? { connectivity: options.connectivity } : {}),
      },
    });
    if (options.sinceDaysAgo !== undefined)
      await sql`UPDATE patients SET created_at = ${daysAgo(options.sinceDaysAgo)} WHERE id = ${patient.id}`.execute(
        portal.db,
      );
    if (options.lastTransmissionDaysAgo !== undefined) {
      await portal.db
        .insertInto('deviceSessions')
        .values({
          clinicNpi: OWN_CLINIC_NPI,
          patientRef: patient.id,
          deviceType,
          kind: 'remote',
          source: 'device-import',
          sessionDate: daysAgo(options.lastTransmissionDaysAgo),
        })
        .execute();
    }
    return patient.id;
  }

  it("lists the clinic's overdue patients by the clinic's schedule and grace, most overdue first", async () => {
    await setClinicSetting(portal.db, 'transmissionGraceDays', { enabled: true, value: '3' });
    const pacemaker = await monitoredPatient('Overduepm', 'PM', {
      lastTransmissionDaysAgo: 100.5,
      connectivity: 'disconnected',
    });
    const loop = await monitoredPatient('Ontimeilr', 'ILR', { lastTransmissionDaysAgo: 20 });
    const rpm = await monitoredPatient('Neverrpm', 'RPM', { sinceDaysAgo: 10.5 });
    const sleep = await monitoredPatient('Sleeponly', 'Sleep', { sinceDaysAgo: 400 });
    await insertPatient(portal.db, {
      clinicNpi: OTHER_CLINIC_NPI,
      lastName: 'Elsewherepm',
      deviceInfo: { deviceType: 'PM' },
    });

    const answer = await portal.as.nurse.get(`/api/patients/clinics/${OWN_CLINIC_NPI}/overdue-transmissions`);
    expect(answer.statusCode).toBe(200);
    const list = answer.json() as OverdueTransmissions;
    const ids = list.data.map((status) => status.patientId);
    expect(ids).toContain(pacemaker);
    expect(ids).toContain(rpm);
    expect(ids).not.toContain(loop);
    expect(ids).not.toContain(sleep);
    expect(list.data.some((status) => status.patientName.startsWith('Elsewherepm'))).toBe(false);
    const pm = list.data.find((status) => status.patientId === pacemaker) as TransmissionStatus;
    // 100.5 days since, 91 + 3 allowed: 7 days overdue (whole days, rounded up).
    expect(pm).toMatchObject({
      deviceType: 'PM',
      scheduleDays: 91,
      daysOverdue: 7,
      connectivity: 'disconnected',
    });
    expect(list.data.find((status) => status.patientId === rpm)).toMatchObject({
      lastTransmissionAt: null,
      daysOverdue: 7,
      scheduleDays: 1,
    });
    const days = list.data.map((status) => status.daysOverdue);
    expect([...days].sort((a, b) => b - a)).toEqual(days);
    expect(list.metadata.monitoredCount).toBeGreaterThanOrEqual(3);

    // One patient's status, for the patient page; a device tech sees patients too.
    const one = await portal.as.deviceTech.get(
      `/api/patients/clinics/${OWN_CLINIC_NPI}/patients/${loop}/transmission-status`,
    );
    expect(one.json().data).toMatchObject({ daysOverdue: 0, scheduleDays: 31 });
    const unmonitored = await portal.as.nurse.get(
      `/api/patients/clinics/${OWN_CLINIC_NPI}/patients/${sleep}/transmission-status`,
    );
    expect(unmonitored.json()).toEqual({ data: null });
    expect(
      (await portal.as.nurse.get(`/api/patients/clinics/${OTHER_CLINIC_NPI}/overdue-transmissions`))
        .statusCode,
    ).toBe(404);
    await setClinicSetting(portal.db, 'transmissionGraceDays', { enabled: true, value: '7' });
  });
});
