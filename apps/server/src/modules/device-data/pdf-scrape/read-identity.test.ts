import { PDF_SCRAPE_VOCABULARY } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { CELL_BREAK, readIdentityFromLines } from './read-identity';

const read = (lines: string[]) => readIdentityFromLines(lines, PDF_SCRAPE_VOCABULARY.identityTerms);

describe("reading a printout's identity (issue 29 §1)", () => {
  it('reads the header the issue quotes: name, id, date of birth, device and serial', () => {
    expect(
      read([
        'Quick Look II',
        `Patient: Doe, Jane${CELL_BREAK}ID 00042${CELL_BREAK}DOB 01/02/1948`,
        `Device: Azure XT DR MRI SureScan W1DR01${CELL_BREAK}Serial PJN123456S${CELL_BREAK}Implanted 05/17/2019`,
      ]),
    ).toEqual({
      patientName: 'Doe, Jane',
      patientId: '00042',
      dob: '01/02/1948',
      deviceModel: 'Azure XT DR MRI SureScan W1DR01',
      serial: 'PJN123456S',
    });
  });

  it('reads labels and values in cells of their own, and several labels on one line of text', () => {
    expect(
      read([
        `Patient Name${CELL_BREAK}Jane Doe${CELL_BREAK}Patient ID${CELL_BREAK}00042`,
        'Date of Birth: Jan 2, 1948 Model: Assurity MRI PM2272 Serial Number: 7654321',
      ]),
    ).toEqual({
      patientName: 'Jane Doe',
      patientId: '00042',
      dob: 'Jan 2, 1948',
      deviceModel: 'Assurity MRI PM2272',
      serial: '7654321',
    });
  });

  it('reads a German and a Japanese header with the same code (the vocabulary is keyed by language)', () => {
    expect(
      read([
        'Patient: Muster, Erika   Geburtsdatum: 02.01.1948',
        'Gerät: Enitra 8 DR-T   Seriennummer: 68123456',
      ]),
    ).toMatchObject({
      patientName: 'Muster, Erika',
      dob: '02.01.1948',
      deviceModel: 'Enitra 8 DR-T',
      serial: '68123456',
    });
    expect(
      read([
        '患者名：山田 花子　生年月日：1948年1月2日',
        'モデル：Azure XT DR MRI　シリアル番号：PJN123456S',
      ]),
    ).toMatchObject({
      patientName: '山田 花子',
      dob: '1948年1月2日',
      deviceModel: 'Azure XT DR MRI',
      serial: 'PJN123456S',
    });
  });

  it("reads the portal's own report: labels and values in table cells", () => {
    expect(
      read([
        `Patient${CELL_BREAK}Jane Doe${CELL_BREAK}Device type${CELL_BREAK}PM`,
        `Patient ID${CELL_BREAK}00042${CELL_BREAK}Manufacturer${CELL_BREAK}Medtronic`,
        `Date of birth${CELL_BREAK}01/02/1948${CELL_BREAK}Model${CELL_BREAK}Azure XT DR MRI`,
        `Lead configuration${CELL_BREAK}Dual${CELL_BREAK}Serial number${CELL_BREAK}RNB123456S`,
      ]),
    ).toEqual({
      patientName: 'Jane Doe',
      patientId: '00042',
      dob: '01/02/1948',
      deviceModel: 'Azure XT DR MRI',
      serial: 'RNB123456S',
    });
  });

  it('does not take a weak word without its colon: "Device Status OK" is no model, "patient activated" no name', () => {
    expect(read(['Device Status OK', 'Patient activated episodes 2'])).toEqual({
      patientName: null,
      patientId: null,
      dob: null,
      deviceModel: null,
      serial: null,
    });
  });
});
