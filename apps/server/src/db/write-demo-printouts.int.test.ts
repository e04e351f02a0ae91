import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { comparePrintoutIdentity, PDF_SCRAPE_VOCABULARY } from '@portal/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { scrapePdf } from '../modules/device-data/pdf-scrape/scrape-pdf';
import { insertPatient, OWN_CLINIC_NPI } from '../test-support/fixtures';
import { signedInPortal } from '../test-support/signed-in-portal';
import { writeDemoPrintouts } from './write-demo-printouts';

// Issue 29 §4: the demo data's interrogation printouts, for a newcomer to try the PDF reading with.
describe('the demo interrogation printouts', () => {
  const portal = signedInPortal(['provider']);
  const folders: string[] = [];
  afterAll(async () => {
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  });

  it("are written once: three of demo patients, read as theirs, and one of nobody's, which needs confirming", async () => {
    const people = [
      {
        firstName: 'Ada',
        lastName: 'Quill',
        type: 'PM',
        serial: 'RNB100001S',
        model: 'Azure XT DR MRI',
        number: 'W1DR01',
      },
      {
        firstName: 'Bo',
        lastName: 'Reed',
        type: 'PM',
        serial: 'RNB100002S',
        model: 'Azure XT DR MRI',
        number: 'W1DR01',
      },
      {
        firstName: 'Cy',
        lastName: 'Stone',
        type: 'ICD',
        serial: 'PZC100003S',
        model: 'Evera MRI XT DR',
        number: 'DDMB2D4',
      },
    ];
    const patients = [];
    for (const [index, person] of people.entries()) {
      patients.push(
        await insertPatient(portal.db, {
          clinicNpi: OWN_CLINIC_NPI,
          patientId: `DEMO-PRINT-${index}`,
          firstName: person.firstName,
          lastName: person.lastName,
          dob: `195${index}-0${index + 2}-1${index}`,
          deviceInfo: {
            manufacturer: 'MDT',
            deviceType: person.type,
            model: person.model,
            modelNumber: person.number,
            serialNumber: person.serial,
          },
        }),
      );
    }
    const dataDir = await mkdtemp(path.join(tmpdir(), 'demo-printouts-'));
    folders.push(dataDir);
    const folder = await writeDemoPrintouts(portal.db, dataDir);
    expect(folder).toBe(path.join(dataDir, 'demo-printouts'));
    const files = (await readdir(folder as string)).toSorted();
    expect(files).toContain('README.txt');
    expect(files).toContain('printout-of-someone-else.pdf');
    const printouts = files.filter((file) => /^printout-\d/.test(file));
    expect(printouts).toHaveLength(3);
    expect(await readFile(path.join(folder as string, 'README.txt'), 'utf8')).toContain(
      'nobody in the portal',
    );

    for (const [index, person] of people.entries()) {
      const file = printouts.find((each) => each.includes(`DEMO-PRINT-${index}`));
      expect(file, person.lastName).toBeDefined();
      const read = await scrapePdf(
        await readFile(path.join(folder as string, file as string)),
        PDF_SCRAPE_VOCABULARY,
      );
      expect(read.proposals.length).toBeGreaterThan(5);
      const comparison = comparePrintoutIdentity(read.identity, {
        firstName: person.firstName,
        lastName: person.lastName,
        patientId: `DEMO-PRINT-${index}`,
        dob: `195${index}-0${index + 2}-1${index}`,
        deviceModel: `${person.model} ${person.number}`,
        serial: person.serial,
      });
      expect(comparison.needsConfirmation, JSON.stringify(comparison)).toBe(false);
      expect(comparison.verdicts).toEqual({
        patientName: 'match',
        patientId: 'match',
        dob: 'match',
        deviceModel: 'match',
        serial: 'match',
      });
    }
    const stranger = await scrapePdf(
      await readFile(path.join(folder as string, 'printout-of-someone-else.pdf')),
      PDF_SCRAPE_VOCABULARY,
    );
    expect(
      comparePrintoutIdentity(stranger.identity, {
        firstName: 'Ada',
        lastName: 'Quill',
        patientId: 'DEMO-PRINT-0',
        dob: '1950-02-10',
        deviceModel: null,
        serial: 'RNB100001S',
      }).needsConfirmation,
    ).toBe(true);

    // Once: a second start leaves the folder as it is.
    expect(await writeDemoPrintouts(portal.db, dataDir)).toBe(folder);
    expect(patients).toHaveLength(3);
  });
});
