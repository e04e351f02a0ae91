import {
  ADVISORIES_TURNED_OFF_MESSAGE,
  computeNpiCheckDigit,
  type ManufacturerAdvisory,
  manufacturerAdvisoryListSchema,
} from '@portal/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  insertPatient,
  OTHER_CLINIC_NPI,
  OWN_CLINIC_NPI,
  setClinicFeatureFlag,
} from '../../test-support/fixtures';
import { signedInPortal } from '../../test-support/signed-in-portal';

/** The id of a fixture patient. */
const insertPatientId = async (...args: Parameters<typeof insertPatient>) =>
  (await insertPatient(...args)).id;

// Issue 13 §8: advisories are records; a patient whose device matches shows them, and each advisory's
// affected patients of a clinic export as CSV, while the clinic's 'manufacturerAdvisories' flag is on.
describe('manufacturer advisories', () => {
  const portal = signedInPortal(['provider', 'deviceTech', 'sysAdmin']);

  const COBALT_XT_VR = { manufacturer: 'MDT', model: 'Cobalt XT VR MRI SureScan', modelNumber: 'DVPA2D4' };
  const AZURE_XT_DR = { manufacturer: 'MDT', model: 'Azure XT DR MRI SureScan', modelNumber: 'W1DR01' };
  const ASSURITY_MRI = { manufacturer: 'STJ', model: 'Assurity MRI', modelNumber: 'PM2272' };

  let advisories: ManufacturerAdvisory[];
  const advisoryTitled = (start: string) => {
    const found = advisories.find((advisory) => advisory.title.startsWith(start));
    if (!found) throw new Error(`no seeded advisory titled ${start}…`);
    return found;
  };

  const setAdvisoriesFlag = (clinicNpi: string, enabled: boolean) =>
    setClinicFeatureFlag(portal.db, 'manufacturerAdvisories', enabled, clinicNpi);
  const patientAdvisoriesUrl = (clinicNpi: string, id: string) =>
    `/api/patients/clinics/${clinicNpi}/patients/${id}/advisories`;
  const csvUrl = (clinicNpi: string, advisoryId: string) =>
    `/api/patients/clinics/${clinicNpi}/advisories/${advisoryId}/patients.csv`;

  beforeAll(async () => {
    await setAdvisoriesFlag(OWN_CLINIC_NPI, true);
    const response = await portal.as.provider.get('/api/patients/advisories');
    expect(response.statusCode).toBe(200);
    advisories = manufacturerAdvisoryListSchema.parse(response.json()).data;
  });

  it('lists the seeded public advisories, newest first, with their titles, dates and links', () => {
    expect(advisories.map((advisory) => [advisory.manufacturer, advisory.publishedOn])).toEqual([
      ['BSX', '2024-12-16'],
      ['MDT', '2023-05-10'],
      ['MDT', '2022-06-23'],
      ['BSX', '2021-06-21'],
      ['STJ', '2021-03-19'],
    ]);
    const cobalt = advisoryTitled('Safety Notice Regarding Medtronic Cobalt XT');
    expect(cobalt.models).toContain('DVPA2D4');
    expect(cobalt.serialRanges).toEqual([]);
    expect(cobalt.serialNumbers).toEqual([]);
    expect(cobalt.url).toMatch(/^https:\/\/(www\.)?hrsonline\.org\//);
    expect(cobalt.recommendation).not.toBe('');
  });

  it("shows a patient the advisories that touch the patient's device, and none that do not", async () => {
    const cobaltPatient = await insertPatientId(portal.db, {
      clinicNpi: OWN_CLINIC_NPI,
      deviceInfo: COBALT_XT_VR,
    });
    const azurePatient = await insertPatientId(portal.db, {
      clinicNpi: OWN_CLINIC_NPI,
      deviceInfo: AZURE_XT_DR,
    });
    const noDevice = await insertPatientId(portal.db, { clinicNpi: OWN_CLINIC_NPI });

    const cobalt = await portal.as.provider.get(patientAdvisoriesUrl(OWN_CLINIC_NPI, cobaltPatient));
    expect(cobalt.statusCode).toBe(200);
    expect(cobalt.json().data.map((advisory: ManufacturerAdvisory) => advisory.publishedOn)).toEqual([
      '2023-05-10',
      '2022-06-23',
    ]);
    for (const id of [azurePatient, noDevice]) {
      const response = await portal.as.provider.get(patientAdvisoriesUrl(OWN_CLINIC_NPI, id));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ data: [] });
    }
  });

  it('matches a device recorded by model name only, and a device technician sees it too', async () => {
    const id = await insertPatientId(portal.db, {
      clinicNpi: OWN_CLINIC_NPI,
      deviceInfo: { manufacturer: 'STJ', model: 'assurity mri' },
    });
    const response = await portal.as.deviceTech.get(patientAdvisoriesUrl(OWN_CLINIC_NPI, id));
    expect(response.statusCode).toBe(200);
    expect(response.json().data.map((advisory: ManufacturerAdvisory) => advisory.manufacturer)).toEqual([
      'STJ',
    ]);
  });

  it('limits an advisory with serial ranges and listed serials to those serials', async () => {
    const { id: advisoryId } = await portal.db
      .insertInto('manufacturerAdvisories')
      .values({
        manufacturer: 'MDT',
        models: ['W1DR01'],
        serialRanges: JSON.stringify([{ from: 'RNB100000H', to: 'RNB199999H' }]),
        serialNumbers: ['RNB300001H'],
        title: 'Test advisory with serials',
        publishedOn: '2020-01-01',
        recommendation: 'Check the device.',
        url: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const serialsTouched = async (serialNumber: string) => {
      const id = await insertPatientId(portal.db, {
        clinicNpi: OWN_CLINIC_NPI,
        deviceInfo: { ...AZURE_XT_DR, serialNumber },
      });
      const response = await portal.as.provider.get(patientAdvisoriesUrl(OWN_CLINIC_NPI, id));
      return response.json().data.some((advisory: ManufacturerAdvisory) => advisory.id === advisoryId);
    };
    try {
      expect(await serialsTouched('RNB150000H')).toBe(true);
      expect(await serialsTouched('rnb-300001-h')).toBe(true);
      expect(await serialsTouched('RNB200000H')).toBe(false);
    } finally {
      await portal.db.deleteFrom('manufacturerAdvisories').where('id', '=', advisoryId).execute();
    }
  });

  it("answers 404 for another clinic's patient, and for a patient named under the wrong clinic", async () => {
    const elsewhere = await insertPatientId(portal.db, {
      clinicNpi: OTHER_CLINIC_NPI,
      deviceInfo: COBALT_XT_VR,
    });
    const other = await portal.as.provider.get(patientAdvisoriesUrl(OTHER_CLINIC_NPI, elsewhere));
    expect(other.statusCode).toBe(404);
    const wrongClinic = await portal.as.provider.get(patientAdvisoriesUrl(OWN_CLINIC_NPI, elsewhere));
    expect(wrongClinic.statusCode).toBe(404);
    expect(wrongClinic.json().message).toBe('Patient not found');
    const csv = await portal.as.provider.get(csvUrl(OTHER_CLINIC_NPI, advisoryTitled('Safety Notice').id));
    expect(csv.statusCode).toBe(404);
  });

  it("answers 403 with a clear message while the clinic's advisories flag is off", async () => {
    const id = await insertPatientId(portal.db, { clinicNpi: OWN_CLINIC_NPI, deviceInfo: COBALT_XT_VR });
    const advisoryId = advisoryTitled('Safety Notice Regarding Medtronic Cobalt XT').id;
    await setAdvisoriesFlag(OWN_CLINIC_NPI, false);
    try {
      for (const url of [patientAdvisoriesUrl(OWN_CLINIC_NPI, id), csvUrl(OWN_CLINIC_NPI, advisoryId)]) {
        const response = await portal.as.provider.get(url);
        expect(response.statusCode, url).toBe(403);
        expect(response.json().message).toBe(ADVISORIES_TURNED_OFF_MESSAGE);
      }
    } finally {
      await setAdvisoriesFlag(OWN_CLINIC_NPI, true);
    }
    expect((await portal.as.provider.get(patientAdvisoriesUrl(OWN_CLINIC_NPI, id))).statusCode).toBe(200);
  });

  it('answers 403 for a sys-admin at a clinic whose flag is off, and 404 for unknown ids', async () => {
    const elsewhere = await insertPatientId(portal.db, {
      clinicNpi: OTHER_CLINIC_NPI,
      deviceInfo: COBALT_XT_VR,
    });
    await setAdvisoriesFlag(OTHER_CLINIC_NPI, false);
    const off = await portal.as.sysAdmin.get(patientAdvisoriesUrl(OTHER_CLINIC_NPI, elsewhere));
    expect(off.statusCode).toBe(403);
    expect(off.json().message).toBe(ADVISORIES_TURNED_OFF_MESSAGE);

    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await portal.as.provider.get(patientAdvisoriesUrl(OWN_CLINIC_NPI, unknown))).statusCode).toBe(
      404,
    );
    const noAdvisory = await portal.as.provider.get(csvUrl(OWN_CLINIC_NPI, unknown));
    expect(noAdvisory.statusCode).toBe(404);
    expect(noAdvisory.json().message).toBe('Advisory not found');
    const badId = await portal.as.provider.get(csvUrl(OWN_CLINIC_NPI, 'not-a-uuid'));
    expect(badId.statusCode).toBe(400);
    expect(badId.json().details).toEqual([{ field: 'advisoryId', message: 'must be an advisory id' }]);
  });

  // A clinic of its own, so that no other test's (or demo) patient is in its export; the sys-admin reads it.
  describe('the CSV of an advisory’s patients', () => {
    const clinicNpi = `480000001${computeNpiCheckDigit('480000001')}`;
    beforeAll(async () => {
      await portal.db
        .insertInto('organizations')
        .values({ npi: clinicNpi, code: 'ADV', name: 'Advisory Clinic' })
        .execute();
      await setAdvisoriesFlag(clinicNpi, true);
    });

    it("lists the clinic's affected patients only, sorted by name, quoted as RFC 4180 and safe from formulas", async () => {
      const advisory = advisoryTitled('Abbott Safety Notification');
      await insertPatientId(portal.db, {
        clinicNpi,
        patientId: 'CSV-2',
        firstName: 'Anna "Ann"',
        lastName: 'Zielińska',
        dob: '1941-02-03',
        deviceInfo: { ...ASSURITY_MRI, serialNumber: '=HYPERLINK("x")', implantDate: '2019-05-06' },
      });
      await insertPatientId(portal.db, {
        clinicNpi,
        patientId: 'CSV-1',
        firstName: 'Line\nBreak',
        lastName: "O'Brien, Jr.",
        dob: '1950-07-08',
        deviceInfo: {
          manufacturer: 'STJ',
          model: 'Endurity MRI',
          modelNumber: 'PM-2172',
          serialNumber: '-12345',
        },
      });
      // Only a model name, with a letter the database cannot fold: the pre-filter keeps it, the matcher decides.
      await insertPatientId(portal.db, {
        clinicNpi,
        patientId: 'CSV-6',
        firstName: 'Test',
        lastName: 'Müller',
        dob: '1950-01-01',
        deviceInfo: { manufacturer: 'STJ', model: 'Assurïty MRI' },
      });
      // Another model, another manufacturer's device with the same number, and another clinic: none is listed.
      await insertPatientId(portal.db, { clinicNpi, patientId: 'CSV-3', deviceInfo: AZURE_XT_DR });
      await insertPatientId(portal.db, {
        clinicNpi,
        patientId: 'CSV-4',
        deviceInfo: { manufacturer: 'BSX', modelNumber: 'PM2272' },
      });
      await insertPatientId(portal.db, {
        clinicNpi: OTHER_CLINIC_NPI,
        patientId: 'CSV-5',
        deviceInfo: ASSURITY_MRI,
      });
      // The physician set by hand wins over the synced one.
      await portal.db
        .updateTable('patients')
        .set({ physicianNpi: '1234567893', override: JSON.stringify({ physicianNpi: '1679576722' }) })
        .where('clinicNpi', '=', clinicNpi)
        .where('patientId', '=', 'CSV-2')
        .execute();

      const response = await portal.as.sysAdmin.get(csvUrl(clinicNpi, advisory.id));
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
      expect(response.headers['content-disposition']).toContain(
        `filename="advisory-2021-03-19-${clinicNpi}-patients.csv"`,
      );
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).toBe(
        [
          'patientId,lastName,firstName,dob,manufacturer,model,modelNumber,serialNumber,implantDate,physicianNpi',
          'CSV-6,Müller,Test,1950-01-01,STJ,Assurïty MRI,,,,',
          `CSV-1,"O'Brien, Jr.","Line\nBreak",1950-07-08,STJ,Endurity MRI,PM-2172,'-12345,,`,
          `CSV-2,Zielińska,"Anna ""Ann""",1941-02-03,STJ,Assurity MRI,PM2272,"'=HYPERLINK(""x"")",2019-05-06,1679576722`,
          '',
        ].join('\r\n'),
      );
    });

    it('is only a header when no patient of the clinic is affected', async () => {
      await insertPatientId(portal.db, { clinicNpi, deviceInfo: COBALT_XT_VR });
      const response = await portal.as.sysAdmin.get(csvUrl(clinicNpi, advisoryTitled('Hydrogen-Induced').id));
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(
        'patientId,lastName,firstName,dob,manufacturer,model,modelNumber,serialNumber,implantDate,physicianNpi\r\n',
      );
    });
  });
});
