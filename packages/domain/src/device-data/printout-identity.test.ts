import { describe, expect, it } from 'vitest';
import {
  comparePrintoutIdentity,
  type PatientIdentity,
  type PrintoutIdentity,
  printoutIdentityDifferences,
  readPrintedDate,
} from './printout-identity';

const jane: PatientIdentity = {
  firstName: 'Jane',
  lastName: 'Doe',
  patientId: '00042',
  dob: '1948-01-02',
  deviceModel: 'W1DR01',
  serial: 'PJN123456S',
};
const printout: PrintoutIdentity = {
  patientName: 'Doe, Jane',
  patientId: '00042',
  dob: '01/02/1948',
  deviceModel: 'Azure XT DR MRI SureScan W1DR01',
  serial: 'PJN123456S',
};

describe("a printout's identity against the chosen patient's (issue 29 §1)", () => {
  it("takes Jane Doe's printout for Jane Doe without asking", () => {
    const comparison = comparePrintoutIdentity(printout, jane);
    expect(comparison.verdicts).toEqual({
      patientName: 'match',
      patientId: 'match',
      dob: 'match',
      deviceModel: 'match',
      serial: 'match',
    });
    expect(comparison.needsConfirmation).toBe(false);
    expect(comparison.patient.patientName).toBe('Doe, Jane');
  });

  it('reads names in either order, any case, accents aside, or with an initial', () => {
    for (const patientName of ['JANE DOE', 'doe jane', 'Doe, J.', 'Dóe, Jane']) {
      expect(comparePrintoutIdentity({ ...printout, patientName }, jane).verdicts.patientName).toBe('match');
    }
    expect(
      comparePrintoutIdentity({ ...printout, patientName: 'Doe, John' }, jane).verdicts.patientName,
    ).toBe('mismatch');
  });

  it("blocks another patient's printout: a different name or serial must be confirmed", () => {
    const other: PatientIdentity = { ...jane, firstName: 'Ana', lastName: 'Lima', serial: 'ABC998877' };
    const comparison = comparePrintoutIdentity(printout, other);
    expect(comparison.verdicts.patientName).toBe('mismatch');
    expect(comparison.verdicts.serial).toBe('mismatch');
    expect(comparison.needsConfirmation).toBe(true);
    // The serial alone differing is enough.
    expect(comparePrintoutIdentity({ ...printout, serial: 'PJN999999S' }, jane).needsConfirmation).toBe(true);
  });

  it('asks to confirm when the printout does not show the name or serial; a patient without a serial on file does not block', () => {
    const unnamed = comparePrintoutIdentity({ ...printout, patientName: null }, jane);
    expect(unnamed.verdicts.patientName).toBe('not-found');
    expect(unnamed.needsConfirmation).toBe(true);
    const noSerialOnFile = comparePrintoutIdentity(printout, { ...jane, serial: null });
    expect(noSerialOnFile.verdicts.serial).toBe('not-on-file');
    expect(noSerialOnFile.needsConfirmation).toBe(false);
  });

  it('compares ids and serials without spaces, dashes or leading zeros; a date of birth in the usual spellings', () => {
    expect(
      comparePrintoutIdentity({ ...printout, patientId: '42', serial: 'pjn-123456s' }, jane).verdicts,
    ).toMatchObject({
      patientId: 'match',
      serial: 'match',
    });
    expect(readPrintedDate('02.01.1948')).toEqual(['1948-01-02']);
    expect(readPrintedDate('1948/01/02')).toEqual(['1948-01-02']);
    expect(readPrintedDate('2 Jan 1948')).toEqual(['1948-01-02']);
    expect(readPrintedDate('02/Jan/1948')).toEqual(['1948-01-02']);
    expect(readPrintedDate('Jan 2, 1948')).toEqual(['1948-01-02']);
    expect(readPrintedDate('1948年1月2日')).toEqual(['1948-01-02']);
    expect(comparePrintoutIdentity({ ...printout, dob: '03/04/1950' }, jane).needsConfirmation).toBe(true);
  });

  it('refuses an attached printout only for what it prints and differs: name, serial, id, date of birth', () => {
    const other: PatientIdentity = { ...jane, firstName: 'Ana', lastName: 'Lima', serial: 'ABC998877' };
    expect(printoutIdentityDifferences(comparePrintoutIdentity(printout, other))).toEqual([
      'patientName',
      'serial',
    ]);
    expect(printoutIdentityDifferences(comparePrintoutIdentity(printout, jane))).toEqual([]);
    // Not printed: no difference (the device check asks; an upload does not refuse for it).
    const unnamed = comparePrintoutIdentity({ ...printout, patientName: null, serial: null }, jane);
    expect(unnamed.needsConfirmation).toBe(true);
    expect(printoutIdentityDifferences(unnamed)).toEqual([]);
    // The id or the date of birth differing counts; the model alone does not.
    expect(
      printoutIdentityDifferences(
        comparePrintoutIdentity({ ...printout, patientId: '777', dob: '03/04/1950', deviceModel: 'X' }, jane),
      ),
    ).toEqual(['patientId', 'dob']);
  });
});
