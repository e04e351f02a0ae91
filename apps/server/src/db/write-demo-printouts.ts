import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PDFDocument, type PDFFont, rgb } from 'pdf-lib';
import { embedDejaVuFonts } from '../modules/documents/pdf/fonts';
import { demoClinicNpi } from './seed-demo-data';
import type { Db } from './transaction';

// Issue 29 §4: interrogation printouts a newcomer can try the device check's PDF reading and its identity
// check with, written once under DATA_DIR/demo-printouts at the first start with demo data: three that
// belong to demo patients of the demo clinic (their name, id, date of birth, model and serial printed as a
// programmer prints them, in Medtronic's 'Quick Look' layout) and one that belongs to nobody in the portal.
// A README.txt beside them says whose each is.

export const DEMO_PRINTOUTS_DIR = 'demo-printouts';

type Printed = {
  file: string;
  patientName: string;
  patientId: string;
  dob: string;
  model: string;
  serial: string;
  /** For whom the README says it is. */
  belongsTo: string;
  kind: 'PM' | 'ICD';
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const printedDate = (iso: string) => {
  const [year, month, day] = iso.split('-');
  return `${day}/${MONTHS[Number(month) - 1]}/${year}`;
};

/** The printout's text, as the programmer lays it out: cells apart by two or more spaces. */
function quickLook(printed: Printed, visit: string, variant: number): string[] {
  const ra = 470 + variant * 23;
  const rv = 540 + variant * 31;
  const header = [
    'Quick Look',
    `Device: ${printed.model}   Serial Number: ${printed.serial}   Date of Visit:${visit}`,
    `Patient: ${printed.patientName}   ID: ${printed.patientId}   DOB: ${printed.dob}`,
    'Device Status   (Implanted: 12/Apr/2023)',
    `Remaining Longevity   ${(8.5 + variant).toFixed(1)} years`,
    '',
  ];
  const leads = [
    '                                    Atrial(5076)          RV(6935M)',
    `Pacing Impedance                    ${ra} Ω                 ${rv} Ω`,
    `Capture Threshold                   0.750 V @ 0.40 ms     ${(0.5 + variant * 0.25).toFixed(3)} V @ 0.40 ms`,
    'Programmed Amplitude/Pulse Width    1.50 V / 0.40 ms      2.00 V / 0.40 ms',
    `Measured P/R Wave                   ${(2.4 + variant).toFixed(1)} mV                ${(9.6 + variant).toFixed(1)} mV`,
    'Programmed Sensitivity              0.30 mV               0.90 mV',
    '',
  ];
  const status = [
    'Clinical Status   Since 10/Sep/2026',
    'Treated',
    ...(printed.kind === 'ICD'
      ? ['VF                                  0', 'VT                                  0']
      : []),
    'Monitored',
    `VT-NS (>4 beats, >176 bpm)          ${variant * 2}`,
    `AT/AF                               ${variant + 1}`,
    `Time in AT/AF   ${(0.2 * variant).toFixed(1)} h/d  (${(0.8 * variant).toFixed(1)} %)`,
    '',
    'Therapy Summary                     Pacing   (% of Time Since 10/Sep/2026)',
    ...(printed.kind === 'ICD' ? ['Total Shocks                        0'] : []),
    `                                    AP   ${(12.5 + variant * 4).toFixed(1)} %`,
    `                                    VP   ${(3.1 + variant).toFixed(1)} %`,
  ];
  return [...header, ...leads, ...status];
}

async function drawPrintout(lines: readonly string[], title: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(title);
  doc.setProducer('Remote Monitoring Portal demo data');
  const fonts = await embedDejaVuFonts(doc, title);
  const page = doc.addPage([612, 792]);
  const draw = (text: string, x: number, y: number, font: PDFFont, size: number) =>
    page.drawText(text, { x, y, size, font, color: rgb(0.1, 0.1, 0.1) });
  for (const [index, line] of lines.entries()) {
    const y = 740 - index * 13;
    const bold = index === 0;
    // Each cell at its column, as the programmer prints the table.
    for (const match of line.matchAll(/\S+(?: \S+)*/g)) {
      draw(match[0], 40 + (match.index ?? 0) * 5, y, bold ? fonts.bold : fonts.regular, bold ? 14 : 8);
    }
  }
  return doc.save({ useObjectStreams: false });
}

/**
 * Writes the demo printouts once (nothing when the folder is there already) for the demo clinic's first
 * pacemaker and defibrillator patients with a serial on file. Returns the folder, or null when no demo
 * patient has a device yet.
 */
export async function writeDemoPrintouts(db: Db, dataDir: string): Promise<string | null> {
  const folder = path.join(dataDir, DEMO_PRINTOUTS_DIR);
  if (existsSync(folder)) return folder;
  const patients = await db
    .selectFrom('patients')
    .select(['patientId', 'firstName', 'lastName', 'dob', 'deviceInfo'])
    .where('clinicNpi', '=', demoClinicNpi())
    .orderBy('patientId')
    .execute();
  const withDevice = patients.flatMap((patient) => {
    const device = patient.deviceInfo ?? {};
    const kind: Printed['kind'] | null =
      device.deviceType === 'PM' ? 'PM' : device.deviceType === 'ICD' ? 'ICD' : null;
    const serial = typeof device.serialNumber === 'string' ? device.serialNumber : null;
    const model = [device.model, device.modelNumber].filter((part) => typeof part === 'string').join(' ');
    if (!kind || !serial || !model || !patient.dob) return [];
    const dob = (patient.dob as Date).toISOString().slice(0, 10);
    return [{ ...patient, kind, serial, model, dob }];
  });
  const chosen = [
    ...withDevice.filter((patient) => patient.kind === 'PM').slice(0, 2),
    ...withDevice.filter((patient) => patient.kind === 'ICD').slice(0, 1),
  ];
  if (chosen.length === 0) return null;
  const printouts: Printed[] = chosen.map((patient, index) => ({
    file: `printout-${index + 1}-${patient.patientId}.pdf`,
    patientName: `${patient.lastName.toUpperCase()}, ${patient.firstName}`,
    patientId: patient.patientId,
    dob: printedDate(patient.dob),
    model: patient.model,
    serial: patient.serial,
    belongsTo: `${patient.firstName} ${patient.lastName} (patient ID ${patient.patientId})`,
    kind: patient.kind,
  }));
  printouts.push({
    file: 'printout-of-someone-else.pdf',
    patientName: 'DOE, Jane',
    patientId: '00042',
    dob: '02/Jan/1948',
    model: 'Azure XT DR MRI W1DR01',
    serial: 'PJN123456S',
    belongsTo:
      'nobody in the portal: load it on any patient’s device check to see the identity check refuse it until you confirm with a reason',
    kind: 'PM',
  });
  // Written aside and renamed into place, so a folder that exists is complete.
  const partial = `${folder}.partial`;
  await mkdir(partial, { recursive: true });
  for (const [index, printout] of printouts.entries()) {
    const bytes = await drawPrintout(quickLook(printout, '12/Nov/2026, 9:16:05 am', index), printout.file);
    await writeFile(path.join(partial, printout.file), bytes);
  }
  const readme = [
    'Demo interrogation printouts (issue 29): try them on the in-person device check page',
    '(Device check, as devicetech@example.org): choose the patient, then "Read values from the interrogation PDF".',
    '',
    ...printouts.map((printout) => `${printout.file}: ${printout.belongsTo}`),
    '',
  ].join('\n');
  await writeFile(path.join(partial, 'README.txt'), readme);
  try {
    await rename(partial, folder);
  } catch {
    // Another start wrote it first.
  }
  return folder;
}
