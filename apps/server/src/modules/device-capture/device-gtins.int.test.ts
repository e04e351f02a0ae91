import { DEMO_DEVICE_GTINS, DEVICE_GTIN_AUDIT_EVENT_TYPES } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { OTHER_CLINIC_NPI, OWN_CLINIC_NPI } from '../../test-support/fixtures';
import { DEMO_ACCOUNTS, signedInPortal } from '../../test-support/signed-in-portal';

// GTINs under GS1's demonstration prefix 952 that the catalog does not know (valid check digits).
const UNKNOWN_GTIN = '09520123456788';
const ANOTHER_UNKNOWN_GTIN = '09527700000105';
const AZURE = DEMO_DEVICE_GTINS.find((entry) => entry.modelNumber === 'W1SR01')?.gtin ?? '';

describe('device GTINs: the catalog’s match and the clinic’s own pairings', () => {
  const portal = signedInPortal(['provider', 'nurse', 'readOnly', 'deviceTech', 'sysAdmin']);
  const url = (gtin: string, npi = OWN_CLINIC_NPI) => `/api/patients/clinics/${npi}/device-gtins/${gtin}`;
  const pairingRows = () =>
    portal.db
      .selectFrom('deviceGtinPairings')
      .select(['clinicNpi', 'gtin', 'manufacturer', 'modelNumber', 'createdBy', 'updatedBy'])
      .orderBy('gtin')
      .execute();
  const pairingEvents = (gtin: string) =>
    portal.db
      .selectFrom('auditEvents')
      .select(['clinicNpi', 'eventType', 'actorId', 'before', 'after'])
      .where('entityType', '=', 'setting')
      .where('entityId', '=', `device-gtin:${gtin}`)
      .orderBy('id')
      .execute();
  const idOf = async (account: keyof typeof DEMO_ACCOUNTS) =>
    (
      await portal.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', DEMO_ACCOUNTS[account])
        .executeTakeFirstOrThrow()
    ).id;

  it('answers a demonstration GTIN with its catalog model, in any GTIN length', async () => {
    const expected = {
      data: {
        gtin: AZURE,
        match: {
          source: 'catalog',
          manufacturer: 'MDT',
          modelName: 'Azure XT SR MRI SureScan',
          modelNumber: 'W1SR01',
          deviceType: 'PM',
        },
      },
    };
    for (const gtin of [AZURE, AZURE.slice(1)]) {
      const response = await portal.as.readOnly.get(url(gtin));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(expected);
    }
  });

  it('answers a GTIN nobody knows with no match', async () => {
    const response = await portal.as.provider.get(url(UNKNOWN_GTIN));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { gtin: UNKNOWN_GTIN, match: null } });
  });

  it.each([
    ['a wrong check digit', '09520123456787', 'has a wrong check digit (expected 8, found 7)'],
    ['too few digits', '0952012345', 'must be a GTIN: 8, 12, 13 or 14 digits'],
    ['letters', 'W1SR01', 'must be a GTIN: 8, 12, 13 or 14 digits'],
  ])('refuses %s with a 400 naming gtin', async (_story, gtin, message) => {
    for (const response of [
      await portal.as.provider.get(url(gtin)),
      await portal.as.provider.put(url(gtin), { manufacturer: 'MDT', modelNumber: 'W1SR01' }),
      await portal.as.provider.delete(url(gtin)),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json().details).toEqual([{ field: 'gtin', message }]);
    }
  });

  it('pairs an unknown GTIN once for the clinic, in the catalog’s spelling, and answers it from then on', async () => {
    const nurseId = await idOf('nurse');
    const saved = await portal.as.nurse.put(url(UNKNOWN_GTIN), {
      manufacturer: 'BSX',
      modelNumber: ' l331 ',
    });
    expect(saved.statusCode).toBe(200);
    const expected = {
      data: {
        gtin: UNKNOWN_GTIN,
        match: {
          source: 'clinic-pairing',
          manufacturer: 'BSX',
          modelName: 'Accolade MRI DR EL',
          modelNumber: 'L331',
          deviceType: 'PM',
        },
      },
    };
    expect(saved.json()).toEqual(expected);
    // Anyone who reads the clinic's patients, the GTIN-13 form as well.
    expect((await portal.as.readOnly.get(url(UNKNOWN_GTIN.slice(1)))).json()).toEqual(expected);
    expect(await pairingRows()).toEqual([
      {
        clinicNpi: OWN_CLINIC_NPI,
        gtin: UNKNOWN_GTIN,
        manufacturer: 'BSX',
        modelNumber: 'L331',
        createdBy: nurseId,
        updatedBy: nurseId,
      },
    ]);
    // Another clinic's scans do not see it.
    expect((await portal.as.sysAdmin.get(url(UNKNOWN_GTIN, OTHER_CLINIC_NPI))).json()).toEqual({
      data: { gtin: UNKNOWN_GTIN, match: null },
    });

    // Changed to another model, then removed: the GTIN is unknown again.
    const deviceTechId = await idOf('deviceTech');
    const changed = await portal.as.deviceTech.put(url(UNKNOWN_GTIN), {
      manufacturer: 'MDT',
      modelNumber: 'LNQ11',
    });
    expect(changed.json().data.match).toMatchObject({
      source: 'clinic-pairing',
      modelName: 'Reveal LINQ',
      deviceType: 'ILR',
    });
    expect(await pairingRows()).toEqual([
      expect.objectContaining({ modelNumber: 'LNQ11', createdBy: nurseId, updatedBy: deviceTechId }),
    ]);
    const removed = await portal.as.provider.delete(url(UNKNOWN_GTIN));
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect((await portal.as.provider.get(url(UNKNOWN_GTIN))).json()).toEqual({
      data: { gtin: UNKNOWN_GTIN, match: null },
    });
    expect(await pairingRows()).toEqual([]);
  });

  it('lets a clinic pairing win over the catalog, and removing it brings the catalog back', async () => {
    const paired = await portal.as.provider.put(url(AZURE), { manufacturer: 'STJ', modelNumber: 'PM1272' });
    expect(paired.json().data.match).toEqual({
      source: 'clinic-pairing',
      manufacturer: 'STJ',
      modelName: 'Assurity MRI',
      modelNumber: 'PM1272',
      deviceType: 'PM',
    });
    await portal.as.provider.delete(url(AZURE));
    expect((await portal.as.provider.get(url(AZURE))).json().data.match).toMatchObject({
      source: 'catalog',
      modelNumber: 'W1SR01',
    });
  });

  it('passes over a pairing whose model the catalog no longer has', async () => {
    await portal.db
      .insertInto('deviceGtinPairings')
      .values({ clinicNpi: OWN_CLINIC_NPI, gtin: AZURE, manufacturer: 'MDT', modelNumber: 'RETIRED1' })
      .execute();
    expect((await portal.as.provider.get(url(AZURE))).json().data.match).toMatchObject({ source: 'catalog' });
    expect((await portal.as.provider.delete(url(AZURE))).statusCode).toBe(204);
  });

  it('audits each change in the clinic’s chain with the model before and after; a repeat records nothing', async () => {
    const nurseId = await idOf('nurse');
    const providerId = await idOf('provider');
    const gtin = ANOTHER_UNKNOWN_GTIN;
    await portal.as.nurse.put(url(gtin), { manufacturer: 'MDT', modelNumber: 'W1SR01' });
    await portal.as.nurse.put(url(gtin), { manufacturer: 'MDT', modelNumber: 'w1sr01' });
    await portal.as.provider.put(url(gtin), { manufacturer: 'BIO', modelNumber: 'Edora 8 DR-T' });
    await portal.as.provider.delete(url(gtin));
    expect(await pairingEvents(gtin)).toEqual([
      {
        clinicNpi: OWN_CLINIC_NPI,
        eventType: DEVICE_GTIN_AUDIT_EVENT_TYPES.paired,
        actorId: nurseId,
        before: null,
        after: { manufacturer: 'MDT', modelNumber: 'W1SR01' },
      },
      {
        clinicNpi: OWN_CLINIC_NPI,
        eventType: DEVICE_GTIN_AUDIT_EVENT_TYPES.paired,
        actorId: providerId,
        before: { manufacturer: 'MDT', modelNumber: 'W1SR01' },
        after: { manufacturer: 'BIO', modelNumber: 'Edora 8 DR-T' },
      },
      {
        clinicNpi: OWN_CLINIC_NPI,
        eventType: DEVICE_GTIN_AUDIT_EVENT_TYPES.unpaired,
        actorId: providerId,
        before: { manufacturer: 'BIO', modelNumber: 'Edora 8 DR-T' },
        after: null,
      },
    ]);
    const chain = await portal.as.sysAdmin.get(`/api/audit/verify?clinicNpi=${OWN_CLINIC_NPI}`);
    expect(chain.json()).toMatchObject({ intact: true });
  });

  it.each([
    ['a model of another manufacturer', { manufacturer: 'BSX', modelNumber: 'W1SR01' }, 'modelNumber'],
    ['a model the catalog does not have', { manufacturer: 'MDT', modelNumber: 'NOPE1' }, 'modelNumber'],
    ['an empty model number', { manufacturer: 'MDT', modelNumber: '' }, 'modelNumber'],
    ['an unknown manufacturer', { manufacturer: 'ACME', modelNumber: 'W1SR01' }, 'manufacturer'],
    ['no body fields', {}, 'manufacturer'],
  ])('refuses %s with a 400 naming the field, and writes nothing', async (_story, body, field) => {
    const eventsBefore = (await pairingEvents(UNKNOWN_GTIN)).length;
    const response = await portal.as.provider.put(url(UNKNOWN_GTIN), body);
    expect(response.statusCode).toBe(400);
    expect(response.json().details.map((detail: { field: string }) => detail.field)).toContain(field);
    expect(await pairingRows()).toEqual([]);
    expect(await pairingEvents(UNKNOWN_GTIN)).toHaveLength(eventsBefore);
  });

  it('answers DELETE of a GTIN the clinic has not paired with 404', async () => {
    expect((await portal.as.provider.delete(url(UNKNOWN_GTIN))).statusCode).toBe(404);
    // A catalog GTIN is not the clinic's to remove either.
    expect((await portal.as.provider.delete(url(AZURE))).statusCode).toBe(404);
  });

  it('lets whoever reads patients look up, and only who may change device info pair', async () => {
    const body = { manufacturer: 'MDT', modelNumber: 'W1SR01' };
    expect((await portal.as.readOnly.get(url(UNKNOWN_GTIN))).statusCode).toBe(200);
    expect((await portal.as.readOnly.put(url(UNKNOWN_GTIN), body)).statusCode).toBe(403);
    expect((await portal.as.deviceTech.put(url(UNKNOWN_GTIN), body)).statusCode).toBe(200);
    expect((await portal.as.readOnly.delete(url(UNKNOWN_GTIN))).statusCode).toBe(403);
    expect((await portal.as.deviceTech.delete(url(UNKNOWN_GTIN))).statusCode).toBe(204);
  });

  it('does not find another clinic, for any of the three', async () => {
    const body = { manufacturer: 'MDT', modelNumber: 'W1SR01' };
    const other = url(UNKNOWN_GTIN, OTHER_CLINIC_NPI);
    expect((await portal.as.provider.get(other)).statusCode).toBe(404);
    expect((await portal.as.provider.put(other, body)).statusCode).toBe(404);
    expect((await portal.as.provider.delete(other)).statusCode).toBe(404);
    // A clinic that does not exist answers the same.
    expect((await portal.as.sysAdmin.get(url(UNKNOWN_GTIN, '1234567893'))).statusCode).toBe(404);
    expect(await pairingRows()).toEqual([]);
  });
});
