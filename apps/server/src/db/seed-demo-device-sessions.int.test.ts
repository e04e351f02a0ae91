import type { LongitudinalResponse } from '@portal/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { findPatientsWithAfAlerts } from '../modules/patients/patients.repository';
import { signedInPortal } from '../test-support/signed-in-portal';
import { demoClinicNpi } from './seed-demo-data';
import { seedDemoDeviceSessions } from './seed-demo-device-sessions';
import { seedDemoDocuments } from './seed-demo-documents';

const NOW = new Date('2026-11-20T12:00:00Z');

describe('the demo patients’ device data', () => {
  const portal = signedInPortal(['provider']);

  beforeAll(async () => {
    await portal.db
      .insertInto('appState')
      .values({ key: 'demo-device-sessions-seeded', value: '{}' })
      .execute();
    await seedDemoDocuments(portal.db, portal.storage, { count: 140, now: NOW });
    await portal.db.deleteFrom('appState').where('key', '=', 'demo-device-sessions-seeded').execute();
    // How long it takes is a benchmark's business (bench/), not a test's: a busy machine is no defect.
    expect(await seedDemoDeviceSessions(portal.db, { now: NOW })).toBe(true);
  });

  const viewOf = async (patientRef: string) => {
    const response = await portal.as.provider.get(
      `/api/reports/clinics/${demoClinicNpi()}/patients/${patientRef}/longitudinal`,
    );
    expect(response.statusCode).toBe(200);
    return response.json() as LongitudinalResponse;
  };
  const latestOf = (view: LongitudinalResponse, key: string) =>
    view.data.series.find((series) => series.key === key)?.values.at(-1);
  const patientsWithSessions = async () =>
    portal.db
      .selectFrom('deviceSessions')
      .select(['patientRef', (eb) => eb.fn.countAll<number>().as('count')])
      .groupBy('patientRef')
      .execute();

  it('gives the demo clinic’s implant patients quarterly transmissions over years', async () => {
    const rows = await patientsWithSessions();
    expect(rows.length).toBeGreaterThan(5);
    expect(Math.max(...rows.map((row) => Number(row.count)))).toBeGreaterThanOrEqual(8);
    const sessions = await portal.db
      .selectFrom('deviceSessions')
      .select(['clinicNpi', 'sessionDate', 'documentId', 'patientRef'])
      .orderBy('sessionDate')
      .execute();
    expect(new Set(sessions.map((session) => session.clinicNpi))).toEqual(new Set([demoClinicNpi()]));
    expect(sessions.every((session) => session.sessionDate.getTime() <= NOW.getTime())).toBe(true);
    // Sessions near a device report are that report's.
    const linked = sessions.filter((session) => session.documentId !== null);
    expect(linked.length).toBeGreaterThan(0);
    const documents = await portal.db
      .selectFrom('documents')
      .select(['id', 'patientRef'])
      .where(
        'id',
        'in',
        linked.map((session) => session.documentId ?? ''),
      )
      .execute();
    for (const session of linked)
      expect(documents.find((document) => document.id === session.documentId)?.patientRef).toBe(
        session.patientRef,
      );
  });

  it('shows a rising RV threshold, a rising AF burden without OAC, and a battery at ERI', async () => {
    const refs = (await patientsWithSessions()).map((row) => row.patientRef);
    const views = await Promise.all(refs.map(viewOf));
    const risingThreshold = views.filter((view) => {
      const latest = latestOf(view, 'MDC_IDC_MSMT_LEADCHNL_RV_PACING_THRESHOLD_AMPLITUDE');
      return typeof latest?.value === 'number' && latest.value > 1.5 && latest.flags.length > 0;
    });
    expect(risingThreshold.length).toBeGreaterThan(0);
    const atEri = views.filter((view) => latestOf(view, 'MDC_IDC_MSMT_BATTERY_STATUS')?.value === 'ERI');
    expect(atEri.length).toBe(1);
    expect(latestOf(atEri[0] as LongitudinalResponse, 'MDC_IDC_MSMT_BATTERY_STATUS')?.flags).toEqual([
      expect.objectContaining({ level: 'critical' }),
    ]);
    // Daily AF burden for loop recorders and AF patients, over the last year.
    const daily = views.filter(
      (view) =>
        (view.data.series.find((series) => series.key === 'MDC_IDC_STAT_AT_BURDEN_PERCENT')?.daily?.value
          .length ?? 0) > 300,
    );
    expect(daily.length).toBeGreaterThan(0);
    // The patient with no AF history whose burden rises is flagged AF without OAC.
    const patients = await portal.db
      .selectFrom('patients')
      .select(['id', 'medicalInfo'])
      .where('id', 'in', refs)
      .execute();
    const withAfAlerts = await findPatientsWithAfAlerts(portal.db, refs);
    const flaggedByBurden = [];
    for (const patient of patients) {
      if ((patient.medicalInfo as { hasAfibHistory?: boolean }).hasAfibHistory) continue;
      if (withAfAlerts.has(patient.id)) continue;
      const response = await portal.as.provider.get(
        `/api/patients/clinics/${demoClinicNpi()}/patients/${patient.id}`,
      );
      if (response.json().attributes.isAfWithoutOac) flaggedByBurden.push(patient.id);
    }
    expect(flaggedByBurden.length).toBe(1);
  });

  it('is seeded once: a second run writes nothing', async () => {
    const before = await patientsWithSessions();
    expect(await seedDemoDeviceSessions(portal.db, { now: NOW })).toBe(false);
    expect(await patientsWithSessions()).toEqual(before);
  });
});
