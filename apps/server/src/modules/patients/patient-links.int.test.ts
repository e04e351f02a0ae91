import { beforeAll, describe, expect, it } from 'vitest';
import { getSamplePdf, insertDocument, OTHER_CLINIC_NPI, OWN_CLINIC_NPI } from '../../test-support/fixtures';
import { uploadBody } from '../../test-support/multipart';
import { DEMO_ACCOUNTS, signedInPortal } from '../../test-support/signed-in-portal';

// Issue 13 §3: documents belong to patients. Ingest links each new document to its clinic's patient,
// creating the patient; populate-patients does the same for documents already there.

const POPULATE = '/api/patients/clinics/populate-patients';

describe('documents belong to patients', () => {
  const portal = signedInPortal(['irhTech', 'irhAdmin', 'clinicAdmin', 'provider']);

  const userIdOf = async (email: string) =>
    (await portal.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow())
      .id;
  const patientEvents = (patientRecordId: string) =>
    portal.db
      .selectFrom('auditEvents')
      .select(['eventType', 'actorId', 'note'])
      .where('entityType', '=', 'patient')
      .where('entityId', '=', patientRecordId)
      .execute();

  const ingest = async (fields: Record<string, string>) => {
    const body = uploadBody(
      {
        clinicNpi: OWN_CLINIC_NPI,
        type: 'implicity-90-day-remote-report',
        serviceLine: 'crm',
        dos: '2026-11-02T09:30:00Z',
        device: 'PM',
        patientFirstName: 'Marguerite',
        patientLastName: 'Fennimore',
        patientDob: '1946-03-14',
        deviceDetail: JSON.stringify({
          manufacturer: 'Medtronic',
          modelName: 'Azure XT DR MRI SureScan',
          serialNumber: 'RNB204815H',
          implantDate: '2021-06-11',
        }),
        ...fields,
      },
      { name: 'report.pdf', bytes: await getSamplePdf() },
    );
    const response = await portal.as.irhTech.inject({
      method: 'POST',
      url: '/api/reports',
      headers: { 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json().data?.id ?? response.json().id;
    return portal.db.selectFrom('documents').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  };

  it('ingest creates the patient from the first document and links the next one to it', async () => {
    const first = await ingest({ patientId: 'P-INGEST-1' });
    expect(first.patientRef).not.toBeNull();
    const patient = await portal.db
      .selectFrom('patients')
      .selectAll()
      .where('id', '=', first.patientRef as string)
      .executeTakeFirstOrThrow();
    expect(patient).toMatchObject({
      clinicNpi: OWN_CLINIC_NPI,
      patientId: 'P-INGEST-1',
      firstName: 'Marguerite',
      lastName: 'Fennimore',
      deviceSerial: 'RNB204815H',
    });
    expect(patient.dob?.toISOString().slice(0, 10)).toBe('1946-03-14');
    // The device as the report names it, with the catalog's model number and the manufacturer's code.
    expect(patient.deviceInfo).toMatchObject({
      manufacturer: 'MDT',
      model: 'Azure XT DR MRI SureScan',
      modelNumber: 'W1DR01',
      deviceType: 'PM',
      implantDate: '2021-06-11',
    });

    const second = await ingest({ patientId: 'P-INGEST-1', patientFirstName: 'Margaret' });
    expect(second.patientRef).toBe(first.patientRef);
    const events = await patientEvents(first.patientRef as string);
    expect(events).toEqual([
      { eventType: 'created', actorId: await userIdOf(DEMO_ACCOUNTS.irhTech), note: 'document ingest' },
    ]);
  });

  it('the same patient id at another clinic is another patient', async () => {
    const own = await ingest({ patientId: 'P-SHARED-ID' });
    const other = await ingest({ patientId: 'P-SHARED-ID', clinicNpi: OTHER_CLINIC_NPI });
    expect(other.patientRef).not.toBeNull();
    expect(other.patientRef).not.toBe(own.patientRef);
  });

  it("shows the patient's AF-without-OAC flag beside each of their documents", async () => {
    const document = await ingest({ patientId: 'P-AF-FLAG' });
    const listed = async () => {
      const response = await portal.as.provider.get(
        '/api/reports?filter[patientId]=P-AF-FLAG&filter[assignedTo]=any',
      );
      expect(response.statusCode, response.body).toBe(200);
      const [first] = response.json().data as {
        attributes: { patientRef: string; patientIsAfWithoutOac: boolean };
      }[];
      return first?.attributes;
    };
    expect(await listed()).toMatchObject({ patientRef: document.patientRef, patientIsAfWithoutOac: false });

    await portal.db
      .updateTable('patients')
      .set({ medicalInfo: JSON.stringify({ hasAfibHistory: true, icd10Codes: [] }), oacStatus: 'not-on-oac' })
      .where('id', '=', document.patientRef as string)
      .execute();
    expect((await listed())?.patientIsAfWithoutOac).toBe(true);
    const single = await portal.as.provider.get(`/api/reports/${document.id}`);
    expect(single.json().attributes.patientIsAfWithoutOac).toBe(true);

    // A recorded decision (here: contraindicated) clears the flag.
    await portal.db
      .updateTable('patients')
      .set({ oacStatus: 'oac-contraindicated' })
      .where('id', '=', document.patientRef as string)
      .execute();
    expect((await listed())?.patientIsAfWithoutOac).toBe(false);
  });

  describe('populate-patients', () => {
    const unlinked = async (clinicNpi: string, patientId: string, lastName: string) => {
      const document = await insertDocument(portal.db, portal.storage, {
        clinicNpi,
        patientLastName: lastName,
      });
      await portal.db.updateTable('documents').set({ patientId }).where('id', '=', document.id).execute();
      return document.id;
    };
    let ids: string[] = [];
    beforeAll(async () => {
      ids = [
        await unlinked(OWN_CLINIC_NPI, 'P-POP-1', 'Abernathy'),
        await unlinked(OWN_CLINIC_NPI, 'P-POP-1', 'Abernathy'),
        await unlinked(OWN_CLINIC_NPI, 'P-POP-2', 'Bellweather'),
        await unlinked(OTHER_CLINIC_NPI, 'P-POP-3', 'Castellane'),
      ];
    });

    it('only provider-company admins may run it', async () => {
      for (const caller of [portal.as.clinicAdmin, portal.as.provider, portal.as.irhTech]) {
        const response = await caller.post(POPULATE, { clinicNpis: [OWN_CLINIC_NPI] });
        expect(response.statusCode).toBe(403);
      }
      const linked = await portal.db
        .selectFrom('documents')
        .select('patientRef')
        .where('id', 'in', ids)
        .execute();
      expect(linked.every((row) => row.patientRef === null)).toBe(true);
    });

    it('refuses clinics that do not exist, naming the field, and changes nothing', async () => {
      const response = await portal.as.irhAdmin.post(POPULATE, {
        clinicNpis: [OWN_CLINIC_NPI, '1234567893'],
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().details).toEqual([
        { field: 'clinicNpis', message: 'no clinic has NPI 1234567893' },
      ]);
      const patients = await portal.db
        .selectFrom('patients')
        .select('id')
        .where('patientId', 'in', ['P-POP-1', 'P-POP-2'])
        .execute();
      expect(patients).toEqual([]);
    });

    it("links the named clinics' documents, creating their patients, and counts what it did", async () => {
      const response = await portal.as.irhAdmin.post(POPULATE, { clinicNpis: [OWN_CLINIC_NPI] });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        data: [{ clinicNpi: OWN_CLINIC_NPI, patientsCreated: 2, documentsLinked: 3 }],
        patientsCreated: 2,
        documentsLinked: 3,
      });
      const rows = await portal.db
        .selectFrom('documents')
        .leftJoin('patients', 'patients.id', 'documents.patientRef')
        .select(['documents.id', 'documents.patientRef', 'patients.patientId', 'patients.lastName'])
        .where('documents.id', 'in', ids)
        .execute();
      const byId = new Map(rows.map((row) => [row.id, row]));
      expect(byId.get(ids[0] as string)).toMatchObject({ patientId: 'P-POP-1', lastName: 'Abernathy' });
      expect(byId.get(ids[1] as string)?.patientRef).toBe(byId.get(ids[0] as string)?.patientRef);
      expect(byId.get(ids[2] as string)).toMatchObject({ patientId: 'P-POP-2', lastName: 'Bellweather' });
      // The clinic not named is left alone.
      expect(byId.get(ids[3] as string)?.patientRef).toBeNull();

      const clinicEvent = await portal.db
        .selectFrom('auditEvents')
        .select(['after', 'actorId'])
        .where('entityType', '=', 'clinic')
        .where('eventType', '=', 'populate_patients')
        .executeTakeFirstOrThrow();
      expect(clinicEvent).toEqual({
        after: { patientsCreated: 2, documentsLinked: 3 },
        actorId: await userIdOf(DEMO_ACCOUNTS.irhAdmin),
      });
    });

    it('is idempotent: a second run finds nothing to do', async () => {
      const response = await portal.as.irhAdmin.post(POPULATE, { clinicNpis: [OWN_CLINIC_NPI] });
      expect(response.json()).toMatchObject({ patientsCreated: 0, documentsLinked: 0 });
    });
  });
});

describe('populate-patients over many documents', () => {
  const portal = signedInPortal(['sysAdmin']);

  it('links more patients than one step holds', async () => {
    const rows = Array.from({ length: 1203 }, (_unused, index) => ({
      clinicNpi: OWN_CLINIC_NPI,
      type: 'implicity-90-day-remote-report',
      serviceLine: 'crm',
      dos: new Date('2026-10-01T00:00:00Z'),
      dosKey: -new Date('2026-10-01T00:00:00Z').getTime(),
      patientId: `P-BULK-${index % 601}`,
      patientFirstName: 'Bulk',
      patientLastName: `Patient${index % 601}`,
      originalSha256: 'a'.repeat(64),
    }));
    for (let start = 0; start < rows.length; start += 400) {
      await portal.db
        .insertInto('documents')
        .values(rows.slice(start, start + 400))
        .execute();
    }
    const response = await portal.as.sysAdmin.post(POPULATE, { clinicNpis: [OWN_CLINIC_NPI] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ patientsCreated: 601, documentsLinked: 1203 });
    const left = await portal.db
      .selectFrom('documents')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('patientRef', 'is', null)
      .where('patientId', 'like', 'P-BULK-%')
      .executeTakeFirstOrThrow();
    expect(Number(left.count)).toBe(0);
  });
});
