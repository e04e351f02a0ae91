import type {
  ContactInfo,
  contactInfoBodySchema,
  DeviceInfo,
  deviceInfoBodySchema,
  MedicalInfo,
  medicalInfoBodySchema,
  PatientOverride,
  PatientRecord,
} from '@portal/domain';
import type { z } from 'zod';

// What the routes' bodies become when stored: every group complete (each field present, unknown as null),
// blank text stored as null, so a stored group reads back exactly as the contract declares it.

const text = (value: string | null | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

export function toStoredMedicalInfo(body: z.output<typeof medicalInfoBodySchema>): MedicalInfo {
  return {
    isPacerDependent: body.isPacerDependent ?? null,
    hasLAAO: body.hasLAAO ?? null,
    efPercentage: body.efPercentage ?? null,
    dateOfLastEcho: body.dateOfLastEcho ?? null,
    hasAfibHistory: body.hasAfibHistory ?? null,
    dateOfLastAfib: body.dateOfLastAfib ?? null,
    icd10Codes: body.icd10Codes ?? [],
  };
}

export function toStoredDeviceInfo(body: z.output<typeof deviceInfoBodySchema>): DeviceInfo {
  return {
    model: text(body.model),
    modelNumber: text(body.modelNumber),
    manufacturerAdvisories: body.manufacturerAdvisories ?? null,
    manufacturer: body.manufacturer ?? null,
    deviceType: body.deviceType ?? null,
    serialNumber: text(body.serialNumber),
    implantDate: body.implantDate ?? null,
    connectivity: body.connectivity ?? null,
  };
}

export function toStoredContactInfo(body: z.output<typeof contactInfoBodySchema>): ContactInfo {
  const address = body.address
    ? {
        street: text(body.address.street),
        street2: text(body.address.street2),
        apartment: text(body.address.apartment),
        city: text(body.address.city),
        state: text(body.address.state),
        zip: text(body.address.zip),
      }
    : null;
  return {
    mobilePhone: text(body.mobilePhone),
    homePhone: text(body.homePhone),
    email: text(body.email),
    address: address && Object.values(address).some((value) => value !== null) ? address : null,
  };
}

/** A JSON column's stored text (null stays null). */
export function toJsonColumn(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value);
}

type OverrideNames = NonNullable<PatientOverride['names']>;

/**
 * A PATCH's override applied over the stored one: each key given replaces that key, null clears it, and
 * `override: null` clears them all. Nothing left is stored as null.
 */
export function mergeOverride(
  current: PatientRecord['override'],
  given: PatientOverride | null | undefined,
): PatientOverride | null {
  if (given === undefined) return current;
  if (given === null) return null;
  const next: Record<string, unknown> = { ...(current ?? {}) };
  if (given.names !== undefined) {
    const names: Record<string, unknown> = { ...(given.names === null ? {} : (current?.names ?? {})) };
    for (const [key, value] of Object.entries(given.names ?? {})) {
      if (value === null || value === undefined) delete names[key];
      else names[key] = value;
    }
    if (Object.keys(names).length > 0) next.names = names as OverrideNames;
    else delete next.names;
  }
  for (const key of ['gender', 'physicianNpi'] as const) {
    if (given[key] === undefined) continue;
    if (given[key] === null) delete next[key];
    else next[key] = given[key];
  }
  return Object.keys(next).length > 0 ? (next as PatientOverride) : null;
}
