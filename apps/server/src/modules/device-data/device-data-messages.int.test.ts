import { describe, expect, it } from 'vitest';
import { insertPatient, OWN_CLINIC_NPI } from '../../test-support/fixtures';
import { signedInPortal } from '../../test-support/signed-in-portal';
import { loadHl7Fixture } from './test-fixtures/hl7-fixtures';

// Issue 28 §3: the provider company sees the import log: each message, its ACK, its warnings and a link to
// the raw message as it came.
describe('GET /api/device-data/messages: the import log', () => {
  const portal = signedInPortal(['irhTech', 'provider']);
  const send = (text: string) =>
    portal.as.irhTech.inject({
      method: 'POST',
      url: '/api/device-data/hl7',
      payload: text,
      headers: { 'content-type': 'application/hl7-v2' },
    });

  it('lists each message newest first with its ACK and warnings, and serves the raw message', async () => {
    const patient = await insertPatient(portal.db, { clinicNpi: OWN_CLINIC_NPI });
    const warned = loadHl7Fixture('pacemaker-dual-chamber', {
      clinicNpi: OWN_CLINIC_NPI,
      patientId: patient.patientId,
    });
    const warnedText = warned.text.replace('|3.01|V', '|abc|V');
    const refused = loadHl7Fixture('ilr', { clinicNpi: OWN_CLINIC_NPI }).text.replace(/PID\|[^\r]*\r/, '');
    expect((await send(warnedText)).statusCode).toBe(200);
    expect((await send(refused)).statusCode).toBe(422);

    const response = await portal.as.irhTech.get(`/api/device-data/messages?clinicNpi=${OWN_CLINIC_NPI}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const [latest, before] = response.json().data;
    expect(latest).toMatchObject({
      ackCode: 'AE',
      outcome: 'refused',
      sessionId: null,
      clinicNpi: OWN_CLINIC_NPI,
    });
    expect(before).toMatchObject({ ackCode: 'AA', outcome: 'created', controlId: warned.controlId });
    expect(before.sessionId).toBeTruthy();
    expect(before.ack).toContain('MSA|AA');
    expect(before.warnings).toContainEqual({
      location: 'OBX^7^5^1',
      condition: 'dataTypeError',
      message: expect.stringContaining('MDC_IDC_MSMT_BATTERY_VOLTAGE'),
    });

    const raw = await portal.as.irhTech.get(before.rawUrl);
    expect(raw.statusCode).toBe(200);
    expect(raw.headers['content-type']).toMatch(/^application\/hl7-v2/);
    expect(raw.body).toBe(warnedText);
  });

  it('pages with `before`, the last message of the page before', async () => {
    for (let index = 0; index < 3; index += 1)
      await send(loadHl7Fixture('ilr', { clinicNpi: OWN_CLINIC_NPI }).text);
    const all = (await portal.as.irhTech.get('/api/device-data/messages?limit=200')).json().data as {
      id: string;
    }[];
    const first = (await portal.as.irhTech.get('/api/device-data/messages?limit=2')).json();
    expect(first.data.map((row: { id: string }) => row.id)).toEqual(all.slice(0, 2).map((row) => row.id));
    const second = (
      await portal.as.irhTech.get(`/api/device-data/messages?limit=2&before=${first.nextBefore}`)
    ).json();
    expect(second.data.map((row: { id: string }) => row.id)).toEqual(all.slice(2, 4).map((row) => row.id));
  });

  it('is the provider company’s: a clinic user is refused, a bad query names its field, an unknown id is 404', async () => {
    expect((await portal.as.provider.get('/api/device-data/messages')).statusCode).toBe(403);
    const bad = await portal.as.irhTech.get('/api/device-data/messages?limit=0&clinicNpi=12');
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('limit');
    const unknown = await portal.as.irhTech.get(
      '/api/device-data/messages/00000000-0000-4000-8000-000000000000/raw',
    );
    expect(unknown.statusCode).toBe(404);
  });
});
