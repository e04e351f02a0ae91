// Values under `override` win over synced ones (issue 13 §1); kept free of zod so the web can use it.

import type { PatientValueSource } from './patients.contract';

export type EffectiveValue<T> = { value: T | null; source: PatientValueSource };

type SyncedFields = {
  firstName: string;
  middleName: string | null;
  lastName: string;
  gender: string | null;
  physicianNpi: string | null;
};
type OverrideFields = {
  names?: { firstName?: string | null; middleName?: string | null; lastName?: string | null } | null;
  gender?: string | null;
  physicianNpi?: string | null;
} | null;

function pick<T>(override: T | null | undefined, synced: T | null): EffectiveValue<T> {
  return override !== undefined && override !== null
    ? { value: override, source: 'override' }
    : { value: synced, source: 'synced' };
}

/** Each overridable field's effective value and its source; an override left null falls back to the sync. */
export function resolveEffectivePatientFields(record: SyncedFields & { override: OverrideFields }) {
  const override = record.override ?? {};
  return {
    firstName: pick(override.names?.firstName, record.firstName),
    middleName: pick(override.names?.middleName, record.middleName),
    lastName: pick(override.names?.lastName, record.lastName),
    gender: pick(override.gender, record.gender),
    physicianNpi: pick(override.physicianNpi, record.physicianNpi),
  };
}
