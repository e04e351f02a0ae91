import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_LONGITUDINAL_MEASUREMENTS, type SessionDeviceType } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { parseHl7Message } from '../../integrations/hl7/hl7-message';
import { OWN_CLINIC_NPI } from '../../test-support/fixtures';
import { signedInPortal } from '../../test-support/signed-in-portal';

// Issue 28, "Done when": every real, public IDCO message in the corpus (test-fixtures/idco-corpus, sources
// in its README) is accepted with AA, warnings allowed, and its known values show in the patient's
// longitudinal view. Each message keeps its structure; only MSH-6 (the clinic: these name none or
// 'CLINIC ID') and MSH-10 (several reuse '12345') are set here, as an interface engine routing them would.
const CORPUS = path.join(import.meta.dirname, 'test-fixtures', 'idco-corpus');
const FILES = fs
  .readdirSync(CORPUS)
  .filter((file) => file.endsWith('.hl7'))
  .sort();

function routed(file: string): { text: string; controlId: string } {
  const text = fs.readFileSync(path.join(CORPUS, file), 'latin1');
  const [header = '', ...rest] = text.split(/(?<=\r\n|\r|\n)/);
  const ending = /\r\n|\r|\n$/.exec(header)?.[0] ?? '';
  const fields = header.slice(0, header.length - ending.length).split('|');
  const controlId = `CORPUS-${file.replace(/\.hl7$/, '').slice(0, 60)}`;
  fields[5] = OWN_CLINIC_NPI;
  fields[9] = controlId;
  return { text: [fields.join('|') + ending, ...rest].join(''), controlId };
}

describe('the public IDCO corpus', () => {
  const portal = signedInPortal(['irhTech', 'provider']);
  const accepted = new Map<string, { sessionId: string; patientRef: string; deviceType: string }>();

  it('has the twenty-odd real transmissions the issue was found with', () => {
    expect(FILES.length).toBeGreaterThanOrEqual(21);
  });

  it.each(FILES)('%s is accepted with AA; every ERR is a warning', async (file) => {
    const { text, controlId } = routed(file);
    const response = await portal.as.irhTech.inject({
      method: 'POST',
      url: '/api/device-data/hl7',
      payload: text,
      headers: { 'content-type': 'application/hl7-v2' },
    });
    expect(response.statusCode, response.body.slice(0, 2000)).toBe(200);
    const ack = parseHl7Message(response.body);
    expect(ack.first('MSA')?.get(1)).toBe('AA');
    expect(ack.all('ERR').every((err) => err.get(4) === 'W')).toBe(true);
    const session = await portal.db
      .selectFrom('deviceSessions')
      .select(['id', 'patientRef', 'deviceType'])
      .where('clinicNpi', '=', OWN_CLINIC_NPI)
      .where('externalId', 'like', `%|${controlId}`)
      .executeTakeFirstOrThrow();
    accepted.set(file, {
      sessionId: session.id,
      patientRef: session.patientRef,
      deviceType: session.deviceType,
    });
  });

  const valuesOf = async (file: string) => {
    const session = accepted.get(file);
    if (!session) throw new Error(`${file} was not imported`);
    const rows = await portal.db
      .selectFrom('deviceMeasurements')
      .select(['key', 'valueNumber', 'valueText'])
      .where('sessionId', '=', session.sessionId)
      .execute();
    return Object.fromEntries(rows.map((row) => [row.key, row.valueNumber ?? row.valueText]));
  };

  it('reads the full IHE example: CRT-D, unusual values kept, the new terms', async () => {
    expect(accepted.get('caremanagementdb--fullMessageOriginal.hl7')?.deviceType).toBe('ICD');
    expect(await valuesOf('caremanagementdb--fullMessageOriginal.hl7')).toMatchObject({
      MDC_IDC_MSMT_BATTERY_VOLTAGE: 6.3,
      MDC_IDC_MSMT_BATTERY_STATUS: 'MOS',
      MDC_IDC_MSMT_BATTERY_IMPEDANCE: 2500,
      MDC_IDC_MSMT_CAP_CHARGE_TIME: 8.4,
      MDC_IDC_MSMT_CAP_CHARGE_ENERGY: 36,
      MDC_IDC_MSMT_LEADHVCHNL_IMPEDANCE: 330,
      MDC_IDC_MSMT_LEADHVCHNL_STATUS: 'CheckLead',
      MDC_IDC_MSMT_LEADCHNL_RV_LEAD_CHANNEL_STATUS: 'CheckLead',
      MDC_IDC_MSMT_LEADCHNL_RA_SENSING_INTR_AMPL_MEAN: 2.5,
      MDC_IDC_MSMT_LEADCHNL_LV_SENSING_INTR_AMPL_MIN: 2.2,
      MDC_IDC_MSMT_LEADCHNL_RV_IMPEDANCE_VALUE: 3000,
      MDC_IDC_STAT_CRT_LV_PERCENT_PACED: 95,
      MDC_IDC_STAT_CRT_PERCENT_PACED: 80,
      MDC_IDC_STAT_AT_BURDEN_PERCENT: 10,
      MDC_IDC_STAT_BRADY_AP_VP_PERCENT: 10,
      MDC_IDC_STAT_HEART_RATE_VENTRICULAR_MAX: 165,
      MDC_IDC_STAT_TACHYTHERAPY_SHOCKS_ABORTED_TOTAL: 1,
      MDC_IDC_STAT_TACHYTHERAPY_ATP_DELIVERED_TOTAL: 3,
      'MDC_IDC_STAT_EPISODE_RECENT_COUNT.VF': 1,
      'MDC_IDC_STAT_EPISODE_RECENT_COUNT.ATAF': 2,
      'MDC_IDC_STAT_EPISODE_TOTAL_COUNT.ATAF': 150,
      // Each lead's identity, under the chamber its MDC_IDC_LEAD_LOCATION names.
      'MDC_IDC_LEAD_MODEL.RA': 'Supersense',
      'MDC_IDC_LEAD_SERIAL.RA': '1234567812',
      'MDC_IDC_LEAD_MFG.RA': 'St.Jude Medical',
      'MDC_IDC_LEAD_IMPLANT_DT.RA': '2009-05-01',
      'MDC_IDC_LEAD_SERIAL.RV': '1234567813',
      'MDC_IDC_LEAD_SERIAL.LV': '1234567814',
    });
  });

  it('reads the Medtronic and St. Jude scenario messages', async () => {
    expect(await valuesOf('cied-dataprocessing--11-SecuraDR.hl7')).toMatchObject({
      MDC_IDC_MSMT_BATTERY_VOLTAGE: 2.94,
      MDC_IDC_STAT_TACHYTHERAPY_SHOCKS_ABORTED_RECENT: 0,
      MDC_IDC_MSMT_LEADHVCHNL_STATUS: 'CheckLead',
    });
    expect(await valuesOf('cied-dataprocessing--VT_Scenario_Step_20.hl7')).toMatchObject({
      MDC_IDC_STAT_TACHYTHERAPY_ATP_DELIVERED_RECENT: 3,
      MDC_IDC_STAT_TACHYTHERAPY_SHOCKS_DELIVERED_RECENT: 1,
    });
    expect(accepted.get('caremanagementdb--AF_Scenario-1.hl7')?.deviceType).toBe('ICD');
  });

  it('shows every message’s known values in the patient’s longitudinal view', async () => {
    expect(accepted.size).toBe(FILES.length);
    let shown = 0;
    for (const [file, session] of accepted) {
      const values = await valuesOf(file);
      const response = await portal.as.provider.get(
        `/api/reports/clinics/${OWN_CLINIC_NPI}/patients/${session.patientRef}/longitudinal?deviceType=${session.deviceType}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      const view = response.json().data as {
        sessions: { id: string }[];
        series: { key: string; values: { sessionId: string; value: number | string }[] }[];
      };
      expect(
        view.sessions.map((entry) => entry.id),
        file,
      ).toContain(session.sessionId);
      for (const key of DEFAULT_LONGITUDINAL_MEASUREMENTS[session.deviceType as SessionDeviceType]) {
        if (!(key in values)) continue;
        const point = view.series
          .find((series) => series.key === key)
          ?.values.find((value) => value.sessionId === session.sessionId);
        expect(point?.value, `${file}: ${key}`).toBe(values[key]);
        shown += 1;
      }
    }
    expect(shown).toBeGreaterThan(40);
  });
});
