import { manufacturerCodeOf, searchCatalogModels } from '@portal/domain';
import type { Insertable } from 'kysely';
import type { DemoPatient } from '../modules/documents/pdf/demo/plan-demo-document';
import { deviceInfoFromDocument } from '../modules/patients/patient-from-document';
import type { PatientsTable, StoredOacHistoryEntry } from './schema';

// What the demo clinics know of a demo patient beyond their documents: medical history, anticoagulation
// and contact details that fit the documents (the same implant, OAC as the reports state it). Fictional
// throughout: 555-01xx phone numbers and example.com addresses.

/** SPEC §3 device types of the demo implant families. */
const DEVICE_TYPE_OF_FAMILY = { ILR: 'ILR', PM: 'PM', 'CRT-P': 'PM', ICD: 'ICD', 'CRT-D': 'ICD' } as const;

const ANTICOAGULANTS = [
  'Apixaban 5 mg',
  'Rivaroxaban 20 mg',
  'Warfarin',
  'Dabigatran 150 mg',
  'Edoxaban 60 mg',
];
const CITIES = [
  ['Springfield', 'IL', '62701'],
  ['Madison', 'WI', '53703'],
  ['Columbus', 'OH', '43215'],
  ['Richmond', 'VA', '23219'],
  ['Boise', 'ID', '83702'],
] as const;

function closestCatalogNumber(manufacturer: string, modelName: string): string | null {
  const code = manufacturerCodeOf(manufacturer);
  if (!code) return null;
  return searchCatalogModels(modelName, { manufacturer: code, limit: 1 })[0]?.modelNumber ?? null;
}

/** A number from the patient id, so the same demo patient gets the same details every time. */
function seedOf(patient: DemoPatient): number {
  return [...patient.id].reduce((sum, character) => (sum * 31 + character.charCodeAt(0)) % 1_000_003, 7);
}

function isoDaysBefore(now: Date, days: number): string {
  return new Date(now.getTime() - days * 86_400_000).toISOString().slice(0, 10);
}

export function demoPatientDetails(patient: DemoPatient, now: Date): Partial<Insertable<PatientsTable>> {
  const seed = seedOf(patient);
  // Patients on OAC have AF; about a third of the others have it too, and some of those are not
  // anticoagulated: the AF-without-OAC flag has patients to show.
  const hasAfib = patient.isOnOac || seed % 3 === 0;
  const oacHistory: StoredOacHistoryEntry[] = patient.isOnOac
    ? [
        {
          id: `00000000-0000-4000-8000-${String(seed).padStart(12, '0')}`,
          medicationName: ANTICOAGULANTS[seed % ANTICOAGULANTS.length] ?? null,
          startDate: isoDaysBefore(now, 200 + (seed % 900)),
          endDate: null,
          updatedBy: 'system',
          updatedAt: now.toISOString(),
        },
      ]
    : [];
  const oacStatus = patient.isOnOac
    ? 'on-oac'
    : hasAfib
      ? (['not-on-oac', 'oac-declined', 'oac-contraindicated', 'not-reported'][seed % 4] ?? 'not-reported')
      : 'not-reported';
  const [city, state, zip] = CITIES[seed % CITIES.length] ?? CITIES[0];
  const { implant } = patient;
  // The implant is the patient's device, whatever document comes first (a study's monitor is not).
  const deviceInfo = implant
    ? deviceInfoFromDocument({
        device: DEVICE_TYPE_OF_FAMILY[implant.family],
        deviceDetail: {
          manufacturer: implant.manufacturer,
          modelName: implant.modelName,
          // The demo's model names are shortened ('Azure XT DR MRI'); its model number is the catalog's
          // closest model's, so advisories and the catalog recognise demo devices.
          modelNumber: closestCatalogNumber(implant.manufacturer, implant.modelName),
          serialNumber: implant.serialNumber,
          implantDate: implant.implantDate,
        },
      })
    : null;
  return {
    ...(deviceInfo ? { deviceInfo: JSON.stringify(deviceInfo) } : {}),
    gender: seed % 2 === 0 ? 'female' : 'male',
    oacStatus,
    oacHistory: JSON.stringify(oacHistory),
    medicalInfo: JSON.stringify({
      isPacerDependent: patient.implant?.family === 'PM' ? seed % 5 === 0 : false,
      hasLAAO: false,
      efPercentage:
        patient.implant && ['ICD', 'CRT-D', 'CRT-P'].includes(patient.implant.family)
          ? 25 + (seed % 15)
          : 55 + (seed % 10),
      dateOfLastEcho: isoDaysBefore(now, 30 + (seed % 300)),
      hasAfibHistory: hasAfib,
      dateOfLastAfib: hasAfib ? isoDaysBefore(now, 10 + (seed % 200)) : null,
      icd10Codes: [...(hasAfib ? ['I48.91'] : []), ...(patient.implant ? ['Z95.0'] : [])],
    }),
    contactInfo: JSON.stringify({
      mobilePhone: `(217) 555-01${String(seed % 100).padStart(2, '0')}`,
      homePhone: null,
      email: `${patient.id.toLowerCase()}@example.com`,
      address: {
        street: `${100 + (seed % 900)} Main Street`,
        street2: null,
        apartment: null,
        city,
        state,
        zip,
      },
    }),
  };
}
