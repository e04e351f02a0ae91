import { randomUUID } from 'node:crypto';
import {
  DEFAULT_LONGITUDINAL_MEASUREMENTS,
  type LongitudinalResponse,
  type LongitudinalSeries,
} from '@portal/domain';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { up as renameAtBurden } from '../../db/migrations/0028-at-burden-idco-name';
import { inTransaction } from '../../db/transaction';
import { insertDocument, insertPatient, OTHER_CLINIC_NPI, OWN_CLINIC_NPI } from '../../test-support/fixtures';
import { DEMO_ACCOUNTS, signedInPortal } from '../../test-support/signed-in-portal';
import { findAfWithoutOacPatients } from '../patients/find-af-without-oac-patients';
import { type NewDeviceSession, saveDeviceSession } from './save-device-session';

const RV_THRESHOLD = 'MDC_IDC_MSMT_LEADCHNL_RV_PACING_THRESHOLD_AMPLITUDE';
const RV_IMPEDANCE = 'MDC_IDC_MSMT_LEADCHNL_RV_IMPEDANCE_VALUE';
const AF_BURDEN = 'MDC_IDC_STAT_AT_BURDEN_PERCENT';

type Patient = { id: string; clinicNpi: string };
type Values = NewDeviceSession['measurements'];

describe('the longitudinal view of a patient’s device data', () => {
  const portal = signedInPortal(['provider', 'deviceTech', 'clinicAdmin']);
  const url = (patient: Patient, query = '') =>
    `/api/reports/clinics/${patient.clinicNpi}/patients/${patient.id}/longitudinal${query}`;

  const saveSession = (
    patient: Patient,
    date: string,
    measurements: Values,
    deviceType: 'PM' | 'ICD' | 'ILR' | 'Other' = 'PM',
  ) =>
    inTransaction(portal.db, (tx) =>
      saveDeviceSession(tx, 'auth0|importer', {
        patient,
        deviceType,
        kind: 'remote',
        source: 'device-import',
        sessionDate: new Date(`${date}T09:00:00Z`),
        measurements,
        confirmedBy: null,
      }),
    ).then((saved) => saved.session.id);

  /** A pacemaker patient whose RV threshold rises over three transmissions, saved out of order. */
  const pacemakerPatient = async () => {
    const patient = await insertPatient(portal.db, {
      clinicNpi: OWN_CLINIC_NPI,
      deviceInfo: { deviceType: 'PM' },
    });
    const third = await saveSession(patient, '2025-07-02', [
      { key: RV_THRESHOLD, value: 1.75 },
      { key: RV_IMPEDANCE, value: 480 },
    ]);
    const first = await saveSession(patient, '2025-01-01', [
      { key: RV_THRESHOLD, value: 0.75 },
      { key: RV_IMPEDANCE, value: 500 },
    ]);
    const second = await saveSession(patient, '2025-04-02', [
      { key: RV_THRESHOLD, value: 1 },
      { key: RV_IMPEDANCE, value: 520 },
    ]);
    return { patient, sessions: [first, second, third] };
  };
  const seriesOf = (body: LongitudinalResponse, key: string): LongitudinalSeries => {
    const series = body.data.series.find((candidate) => candidate.key === key);
    if (!series) throw new Error(`no series ${key}`);
    return series;
  };

  it('lists the sessions oldest first, and compares each value with the previous one and the first', async () => {
    const { patient, sessions } = await pacemakerPatient();
    const response = await portal.as.provider.get(url(patient));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data).toMatchObject({
      patientRef: patient.id,
      deviceType: 'PM',
      comparisonMode: 'difference',
      baselineSessionId: sessions[0],
    });
    expect(body.data.sessions.map((session: { id: string }) => session.id)).toEqual(sessions);
    const threshold = seriesOf(body, RV_THRESHOLD);
    expect(threshold.unit).toBe('V');
    expect(threshold.values.map((point) => [point.value, point.vsPrevious, point.vsBaseline])).toEqual([
      [0.75, null, null],
      [1, 0.25, 0.25],
      [1.75, 0.75, 1],
    ]);
    // Above 1.5 V is a warning; the rise of exactly 1 V is not more than 1 V.
    expect(threshold.values.map((point) => point.flags.map((flag) => flag.level))).toEqual([
      [],
      [],
      ['warning'],
    ]);
    // Every measurement the settings show has its series, an empty one when never measured.
    expect(seriesOf(body, 'MDC_IDC_MSMT_BATTERY_VOLTAGE').values).toEqual([]);
  });

  it('compares as percentages when asked, and against a chosen baseline', async () => {
    const { patient, sessions } = await pacemakerPatient();
    const percentage = (await portal.as.provider.get(url(patient, '?comparisonMode=percentage'))).json();
    expect(percentage.data.comparisonMode).toBe('percentage');
    expect(
      seriesOf(percentage, RV_THRESHOLD).values.map((point) => [point.vsPrevious, point.vsBaseline]),
    ).toEqual([
      [null, null],
      [33.3, 33.3],
      [75, 133.3],
    ]);
    const fromSecond = (
      await portal.as.provider.get(url(patient, `?baselineSessionId=${sessions[1]}`))
    ).json();
    expect(fromSecond.data.baselineSessionId).toBe(sessions[1]);
    expect(seriesOf(fromSecond, RV_THRESHOLD).values.map((point) => point.vsBaseline)).toEqual([
      -0.25,
      null,
      0.75,
    ]);
  });

  it('refuses a baseline that is not one of this patient’s sessions of that type, naming it', async () => {
    const { patient } = await pacemakerPatient();
    const ilrSession = await saveSession(patient, '2025-02-01', [{ key: AF_BURDEN, value: 0.2 }], 'ILR');
    const other = await pacemakerPatient();
    for (const baseline of [randomUUID(), ilrSession, other.sessions[0]]) {
      const response = await portal.as.provider.get(url(patient, `?baselineSessionId=${baseline}`));
      expect(response.statusCode).toBe(422);
      expect(response.json().details.map((detail: { field: string }) => detail.field)).toEqual([
        'baselineSessionId',
      ]);
    }
    const malformed = await portal.as.provider.get(url(patient, '?baselineSessionId=first'));
    expect(malformed.statusCode).toBe(400);
    expect(JSON.stringify(malformed.json().details)).toContain('baselineSessionId');
  });

  it('shows the device type asked for, else the patient’s device’s, else the latest session’s', async () => {
    const { patient } = await pacemakerPatient();
    await saveSession(patient, '2025-09-01', [{ key: AF_BURDEN, value: 0.4 }], 'ILR');
    const ilr = (await portal.as.provider.get(url(patient, '?deviceType=ILR'))).json();
    expect(ilr.data.deviceType).toBe('ILR');
    expect(ilr.data.sessions).toHaveLength(1);
    expect(seriesOf(ilr, AF_BURDEN).values.map((point) => point.value)).toEqual([0.4]);
    // The patient's device (PM) wins over the latest session (ILR); both types are there to switch to,
    // the latest session's first.
    const shown = (await portal.as.provider.get(url(patient))).json().data;
    expect(shown.deviceType).toBe('PM');
    expect(shown.deviceTypes).toEqual(['ILR', 'PM']);
    expect(ilr.data.deviceTypes).toEqual(['ILR', 'PM']);

    const crtD = await insertPatient(portal.db, {
      clinicNpi: OWN_CLINIC_NPI,
      deviceInfo: { deviceType: 'CRT-D' },
    });
    expect((await portal.as.provider.get(url(crtD))).json().data.deviceType).toBe('ICD');
    const noDevice = await insertPatient(portal.db, { clinicNpi: OWN_CLINIC_NPI });
    expect((await portal.as.provider.get(url(noDevice))).json().data).toMatchObject({
      deviceType: 'PM',
      deviceTypes: [],
      sessions: [],
      baselineSessionId: null,
    });
    await saveSession(noDevice, '2025-03-01', [{ key: AF_BURDEN, value: 2 }], 'ILR');
    expect((await portal.as.provider.get(url(noDevice))).json().data.deviceType).toBe('ILR');

    const bad = await portal.as.provider.get(url(patient, '?deviceType=WCD'));
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().details)).toContain('deviceType');
  });

  // Issue 28 §2: a session whose device type the sender did not say (or said Other) is its own type.
  it('lists and shows sessions of type Other, with their values, beside the patient’s own type', async () => {
    const { patient } = await pacemakerPatient();
    await saveSession(
      patient,
      '2025-10-01',
      [
        { key: RV_THRESHOLD, value: 0.9 },
        { key: 'MDC_IDC_MSMT_LEADHVCHNL_IMPEDANCE', value: 62 },
        { key: AF_BURDEN, value: 1.5 },
      ],
      'Other',
    );
    const pm = (await portal.as.provider.get(url(patient))).json();
    const shown = pm.data;
    expect(shown.deviceType).toBe('PM');
    expect(shown.deviceTypes).toEqual(['Other', 'PM']);
    expect(shown.sessions).toHaveLength(3);

    const other = (await portal.as.provider.get(url(patient, '?deviceType=Other'))).json();
    expect(other.data.deviceType).toBe('Other');
    expect(other.data.sessions.map((session: { deviceType: string }) => session.deviceType)).toEqual([
      'Other',
    ]);
    expect(other.data.series.map((series: LongitudinalSeries) => series.key)).toEqual(
      DEFAULT_LONGITUDINAL_MEASUREMENTS.Other,
    );
    expect(seriesOf(other, RV_THRESHOLD).values.map((point) => point.value)).toEqual([0.9]);
    expect(seriesOf(other, 'MDC_IDC_MSMT_LEADHVCHNL_IMPEDANCE').values.map((point) => point.value)).toEqual([
      62,
    ]);
    // Its values are flagged as any type's are: 1.5% AT/AF burden is over the 1% warning.
    expect(seriesOf(other, AF_BURDEN).values[0]?.flags.map((flag) => flag.level)).toEqual(['warning']);
    // The PM's series do not take the Other session's values.
    expect(seriesOf(pm, RV_THRESHOLD).values).toHaveLength(3);

    // A patient whose only sessions are Other is shown them.
    const unknown = await insertPatient(portal.db, { clinicNpi: OWN_CLINIC_NPI });
    await saveSession(unknown, '2025-03-01', [{ key: RV_IMPEDANCE, value: 610 }], 'Other');
    const only = (await portal.as.provider.get(url(unknown))).json().data;
    expect(only).toMatchObject({ deviceType: 'Other', deviceTypes: ['Other'] });
    expect(only.sessions).toHaveLength(1);
  });

  it('answers SPEC’s trailing-slash form alike, to a device technician too', async () => {
    const { patient, sessions } = await pacemakerPatient();
    const response = await portal.as.deviceTech.get(url(patient, '/?deviceType=PM'));
    expect(response.statusCode).toBe(200);
    expect(response.json().data.sessions.map((session: { id: string }) => session.id)).toEqual(sessions);
  });

  it('does not find another clinic’s patient, nor a patient under another clinic’s NPI', async () => {
    const stranger = await insertPatient(portal.db, {
      clinicNpi: OTHER_CLINIC_NPI,
      deviceInfo: { deviceType: 'PM' },
    });
    await saveSession(stranger, '2025-01-01', [{ key: RV_THRESHOLD, value: 1 }]);
    expect((await portal.as.provider.get(url(stranger))).statusCode).toBe(404);
    const { patient } = await pacemakerPatient();
    expect(
      (await portal.as.provider.get(url({ id: patient.id, clinicNpi: OTHER_CLINIC_NPI }))).statusCode,
    ).toBe(404);
  });

  it('keeps a patient with device data: deleting them is refused, and nothing is written', async () => {
    const { patient } = await pacemakerPatient();
    const response = await portal.as.clinicAdmin.delete(
      `/api/patients/clinics/${patient.clinicNpi}/patients/${patient.id}`,
    );
    expect(response.statusCode).toBe(409);
    expect((await portal.as.provider.get(url(patient))).json().data.sessions).toHaveLength(3);
  });

  it('flags and shows what the caller’s settings say, over the clinic’s', async () => {
    const { patient } = await pacemakerPatient();
    const settings = `/api/reports/clinics/${OWN_CLINIC_NPI}/longitudinal-settings`;
    expect(
      (
        await portal.as.clinicAdmin.put(`${settings}/0`, {
          comparisonMode: 'percentage',
          thresholds: { pacingThresholdWarningAbove: 0.9 },
        })
      ).statusCode,
    ).toBe(200);
    const providerId = (
      await portal.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', DEMO_ACCOUNTS.provider)
        .executeTakeFirstOrThrow()
    ).id;
    expect(
      (
        await portal.as.provider.put(`${settings}/${providerId}`, {
          measurements: { PM: [RV_IMPEDANCE, RV_THRESHOLD] },
        })
      ).statusCode,
    ).toBe(200);
    const body = (await portal.as.provider.get(url(patient))).json();
    expect(body.data.comparisonMode).toBe('percentage');
    expect(body.data.series.map((series: { key: string }) => series.key)).toEqual([
      RV_IMPEDANCE,
      RV_THRESHOLD,
    ]);
    expect(seriesOf(body, RV_THRESHOLD).values.map((point) => point.flags.length)).toEqual([0, 1, 1]);
    // The clinic admin has no settings of their own: the clinic's list shows.
    const admin = (await portal.as.clinicAdmin.get(url(patient))).json();
    expect(admin.data.series.length).toBeGreaterThan(2);
    await portal.as.provider.delete(`${settings}/${providerId}`);
    await portal.as.clinicAdmin.delete(`${settings}/0`);
  });
});

describe('a rising AF burden raises the AF-without-OAC flag', () => {
  const portal = signedInPortal(['provider']);
  const afPatient = async (burdens: number[], options: { oacStatus?: string } = {}) => {
    const patient = await insertPatient(portal.db, {
      clinicNpi: OWN_CLINIC_NPI,
      deviceInfo: { deviceType: 'ILR' },
      medicalInfo: { hasAfibHistory: false },
      ...(options.oacStatus ? { oacStatus: options.oacStatus } : {}),
    });
    await inTransaction(portal.db, (tx) =>
      saveDeviceSession(tx, 'auth0|importer', {
        patient,
        deviceType: 'ILR',
        kind: 'remote',
        source: 'device-import',
        sessionDate: new Date('2026-01-31T09:00:00Z'),
        // Daily values: the latest two days decide.
        measurements: burdens.map((value, day) => ({
          key: AF_BURDEN,
          value,
          measuredAt: new Date(Date.UTC(2026, 0, 1 + day)),
        })),
        confirmedBy: null,
      }),
    );
    return patient;
  };
  const flagOf = async (patient: Patient) =>
    (await portal.as.provider.get(`/api/patients/clinics/${patient.clinicNpi}/patients/${patient.id}`)).json()
      .attributes?.isAfWithoutOac as boolean;

  it('flags a patient not on OAC whose burden rises above the warning threshold, on the record and in the inbox', async () => {
    const rising = await afPatient([0.2, 0.4, 0.8, 3.5]);
    const falling = await afPatient([0.2, 4, 3]);
    const lowRise = await afPatient([0.2, 0.5]);
    const onOac = await afPatient([0.2, 3.5], { oacStatus: 'on-oac' });
    const noDevice = await insertPatient(portal.db, { clinicNpi: OWN_CLINIC_NPI });
    expect(await flagOf(rising)).toBe(true);
    expect(await flagOf(falling)).toBe(false);
    expect(await flagOf(lowRise)).toBe(false);
    expect(await flagOf(onOac)).toBe(false);
    expect(await flagOf(noDevice)).toBe(false);
    const flagged = await findAfWithoutOacPatients(portal.db, [
      rising.id,
      falling.id,
      lowRise.id,
      onOac.id,
      noDevice.id,
    ]);
    expect([...flagged]).toEqual([rising.id]);

    const document = await insertDocument(portal.db, portal.storage, {
      clinicNpi: OWN_CLINIC_NPI,
      patientRef: rising.id,
    });
    const inbox = await portal.as.provider.get(`/api/reports/${document.id}`);
    expect(inbox.statusCode).toBe(200);
    expect(JSON.stringify(inbox.json())).toContain('"patientIsAfWithoutOac":true');
  });

  it('reads the AF thresholds from the clinic’s settings', async () => {
    const patient = await afPatient([0.2, 0.5]);
    expect(await flagOf(patient)).toBe(false);
    await portal.db
      .insertInto('longitudinalSettings')
      .values({
        clinicNpi: OWN_CLINIC_NPI,
        userId: '0',
        settings: JSON.stringify({ thresholds: { atafBurdenWarningAbove: 0.3 } }),
      })
      .execute();
    expect(await flagOf(patient)).toBe(true);
    await portal.db.deleteFrom('longitudinalSettings').where('clinicNpi', '=', OWN_CLINIC_NPI).execute();
  });

  // Issue 28 §2: the AT/AF burden stored under the older key before 0028 shows under the IDCO name after.
  it('migration 0028 moves stored AT/AF burdens and settings lists to the IDCO key; trends and the AF flag follow', async () => {
    const patient = await afPatient([0.2, 0.4, 0.8, 3.5]);
    const older = await insertPatient(portal.db, {
      clinicNpi: OWN_CLINIC_NPI,
      deviceInfo: { deviceType: 'ILR' },
    });
    const olderSession = await inTransaction(portal.db, (tx) =>
      saveDeviceSession(tx, 'auth0|importer', {
        patient: older,
        deviceType: 'ILR',
        kind: 'remote',
        source: 'device-import',
        sessionDate: new Date('2025-05-01T09:00:00Z'),
        measurements: [{ key: AF_BURDEN, value: 6 }],
        confirmedBy: null,
      }),
    ).then((saved) => saved.session.id);
    // As an installation had them before: the values and a clinic's list under the older key.
    await portal.db
      .updateTable('deviceMeasurements')
      .set({ key: 'MDC_IDC_STAT_ATAF_BURDEN_PERCENT' })
      .where('patientRef', 'in', [patient.id, older.id])
      .execute();
    await portal.db
      .insertInto('longitudinalSettings')
      .values({
        clinicNpi: OWN_CLINIC_NPI,
        userId: '0',
        settings: JSON.stringify({
          measurements: { ILR: ['MDC_IDC_STAT_ATAF_BURDEN_PERCENT', 'MDC_IDC_MSMT_BATTERY_STATUS'] },
          thresholds: { atafBurdenWarningAbove: 1 },
        }),
      })
      .execute();
    // Before: the older key is a series nobody reads.
    expect(await flagOf(patient)).toBe(false);

    await renameAtBurden(portal.db as unknown as Kysely<unknown>);
    await renameAtBurden(portal.db as unknown as Kysely<unknown>);

    const keys = await portal.db
      .selectFrom('deviceMeasurements')
      .select('key')
      .distinct()
      .where('patientRef', 'in', [patient.id, older.id])
      .execute();
    expect(keys.map((row) => row.key)).toEqual([AF_BURDEN]);
    const stored = await portal.db
      .selectFrom('longitudinalSettings')
      .select('settings')
      .where('clinicNpi', '=', OWN_CLINIC_NPI)
      .where('userId', '=', '0')
      .executeTakeFirstOrThrow();
    const settings = typeof stored.settings === 'string' ? JSON.parse(stored.settings) : stored.settings;
    expect(settings).toEqual({
      measurements: { ILR: [AF_BURDEN, 'MDC_IDC_MSMT_BATTERY_STATUS'] },
      thresholds: { atafBurdenWarningAbove: 1 },
    });

    const trends: LongitudinalResponse = (
      await portal.as.provider.get(
        `/api/reports/clinics/${older.clinicNpi}/patients/${older.id}/longitudinal`,
      )
    ).json();
    expect(trends.data.series.map((series: LongitudinalSeries) => series.key)).toEqual([
      AF_BURDEN,
      'MDC_IDC_MSMT_BATTERY_STATUS',
    ]);
    const burden = trends.data.series.find((series) => series.key === AF_BURDEN);
    expect(burden?.values.map((point) => [point.sessionId, point.value])).toEqual([[olderSession, 6]]);
    expect(burden?.values[0]?.flags.map((flag) => flag.level)).toEqual(['critical']);
    expect(await flagOf(patient)).toBe(true);
    await portal.db.deleteFrom('longitudinalSettings').where('clinicNpi', '=', OWN_CLINIC_NPI).execute();
  });
});
