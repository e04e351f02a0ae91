import {
  contactInfoSchema,
  deviceInfoSchema,
  isAfWithoutOac,
  medicalInfoSchema,
  oacHistoryEntrySchema,
  PATIENT_GENDERS,
  type PatientGender,
  type PatientRecord,
  type PatientResource,
  patientOverrideSchema,
  resolveEffectivePatientFields,
} from '@portal/domain';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/transaction';
import { findRisingAfBurdenPatients } from '../device-data/find-rising-af-burden-patients';
import { findPatientsWithAfAlerts, type PatientRecordRow } from './patients.repository';

/**
 * Each field of a stored group as the contract declares it. Values that a sync or an older writer left in
 * another shape read as unknown (null, or the fallback) instead of failing the whole patient: what the
 * portal writes itself is checked on the way in, by the same contract.
 */
function readGroup<Shape extends z.ZodRawShape>(
  schema: z.ZodObject<Shape>,
  stored: unknown,
  fallbacks: Partial<Record<keyof Shape, unknown>> = {},
): z.infer<z.ZodObject<Shape>> | null {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return null;
  const values = stored as Record<string, unknown>;
  const group: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    const parsed = (field as z.ZodType).safeParse(values[key] ?? null);
    group[key] = parsed.success ? parsed.data : (fallbacks[key as keyof Shape] ?? null);
  }
  return group as z.infer<z.ZodObject<Shape>>;
}

const isGender = (value: string | null): value is PatientGender =>
  value !== null && (PATIENT_GENDERS as readonly string[]).includes(value);

/** The stored record as the contract shows it: the synced values and, apart, the overrides. */
export function toPatientRecord(row: PatientRecordRow): PatientRecord {
  const override = patientOverrideSchema.safeParse(row.override ?? null);
  return {
    id: row.id,
    clinicNpi: row.clinicNpi,
    patientId: row.patientId,
    fmId: row.fmId,
    firstName: row.firstName,
    middleName: row.middleName,
    lastName: row.lastName,
    dob: row.dob,
    gender: isGender(row.gender) ? row.gender : null,
    physicianNpi: row.physicianNpi,
    oacStatus: row.oacStatus,
    oacHistory: (Array.isArray(row.oacHistory) ? row.oacHistory : []).flatMap((entry) => {
      const parsed = oacHistoryEntrySchema.safeParse(entry);
      return parsed.success ? [parsed.data] : [];
    }),
    medicalInfo: readGroup(medicalInfoSchema, row.medicalInfo, { icd10Codes: [] }),
    deviceInfo: readGroup(deviceInfoSchema, row.deviceInfo),
    contactInfo: readGroup(contactInfoSchema, row.contactInfo),
    override: override.success ? override.data : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy,
  };
}

/**
 * The API shape of a patient: the record, each overridable field's effective value and source, and the
 * AF-without-OAC flag. `hasAfAlerts`: whether any of the patient's documents is an AF alert (isAfAlert);
 * `hasRisingAfBurden`: whether the device reports a rising AT/AF burden (issue 14 §3).
 */
export function toPatientResource(
  row: PatientRecordRow,
  options: { hasAfAlerts: boolean; hasRisingAfBurden?: boolean },
): PatientResource {
  const record = toPatientRecord(row);
  const effective = resolveEffectivePatientFields(record);
  return {
    id: record.id,
    attributes: {
      ...record,
      effective: {
        ...effective,
        gender: {
          value: isGender(effective.gender.value) ? effective.gender.value : null,
          source: effective.gender.source,
        },
      },
      isAfWithoutOac: isAfWithoutOac({
        oacStatus: record.oacStatus,
        medicalInfo: record.medicalInfo,
        oacHistory: record.oacHistory,
        hasAfAlerts: options.hasAfAlerts,
        hasRisingAfBurden: options.hasRisingAfBurden === true,
      }),
    },
  };
}

/**
 * The API shape of several patients, their documents' AF alerts read in one query; their devices' AF
 * burden only for those whom a rising burden alone would flag AF without OAC.
 */
export async function loadPatientResources(
  db: Db | Tx,
  rows: readonly PatientRecordRow[],
): Promise<PatientResource[]> {
  const withAfAlerts = await findPatientsWithAfAlerts(
    db,
    rows.map((row) => row.id),
  );
  const flaggedIfAf = rows.filter((row) => {
    const record = toPatientRecord(row);
    const facts = {
      oacStatus: record.oacStatus,
      medicalInfo: record.medicalInfo,
      oacHistory: record.oacHistory,
      hasAfAlerts: withAfAlerts.has(row.id),
    };
    return !isAfWithoutOac(facts) && isAfWithoutOac({ ...facts, hasRisingAfBurden: true });
  });
  const withRisingAfBurden = await findRisingAfBurdenPatients(db, flaggedIfAf);
  return rows.map((row) =>
    toPatientResource(row, {
      hasAfAlerts: withAfAlerts.has(row.id),
      hasRisingAfBurden: withRisingAfBurden.has(row.id),
    }),
  );
}

/** The API shape of one patient (see loadPatientResources). */
export async function loadPatientResource(db: Db | Tx, row: PatientRecordRow): Promise<PatientResource> {
  const [resource] = await loadPatientResources(db, [row]);
  if (!resource) throw new Error('patient resource missing');
  return resource;
}
