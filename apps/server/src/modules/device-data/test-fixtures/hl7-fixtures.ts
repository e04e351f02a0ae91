import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The four IDCO transmissions written for the tests, one per device type the import must read. */
export const HL7_FIXTURES = ['pacemaker-dual-chamber', 'icd-single-chamber', 'crt-d', 'ilr'] as const;
export type Hl7Fixture = (typeof HL7_FIXTURES)[number];

export type Hl7FixtureValues = {
  clinicNpi: string;
  controlId?: string;
  patientId?: string;
  serial?: string;
  /** The embedded report (the pacemaker's OBX 27); without it that OBX is left out. */
  pdfBase64?: string;
};

/**
 * A fixture message with its placeholders filled: a fresh control id, patient id and serial unless given.
 * Segments end with CR, as HL7 wants (the files keep LF so they read as text).
 */
export function loadHl7Fixture(name: Hl7Fixture, values: Hl7FixtureValues) {
  const fresh = randomBytes(4).toString('hex').toUpperCase();
  const filled = {
    controlId: values.controlId ?? `MSG${fresh}`,
    patientId: values.patientId ?? `HL7-${fresh}`,
    serial: values.serial ?? `SN${fresh}`,
  };
  const text = fs
    .readFileSync(path.join(import.meta.dirname, `${name}.hl7`), 'utf8')
    .split('\n')
    .filter((line) => line !== '' && (values.pdfBase64 !== undefined || !line.includes('{{PDF_BASE64}}')))
    .join('\r')
    .replaceAll('{{CLINIC_NPI}}', values.clinicNpi)
    .replaceAll('{{CONTROL_ID}}', filled.controlId)
    .replaceAll('{{PATIENT_ID}}', filled.patientId)
    .replaceAll('{{SERIAL}}', filled.serial)
    .replaceAll('{{PDF_BASE64}}', values.pdfBase64 ?? '');
  return { text: `${text}\r`, ...filled };
}
