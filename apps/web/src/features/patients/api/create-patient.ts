import type { CreatePatientInput, LikelyDuplicatePatient, PatientResource } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, isApiError } from '../../../lib/api-client';
import { clinicPatientsApiPath } from '../../../lib/patients';
import { queryKeys } from '../../../lib/query-keys';

export type CreatePatientOutcome =
  | { kind: 'created'; patient: PatientResource }
  /** 409: the patient probably exists already; nothing was created. */
  | { kind: 'duplicates'; duplicates: LikelyDuplicatePatient[] };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The likely duplicates a 409 lists (the domain's DuplicatePatientConflict), or undefined for another 409. */
export function readDuplicates(error: unknown): LikelyDuplicatePatient[] | undefined {
  if (!isApiError(error) || error.statusCode !== 409 || !isRecord(error.body)) return undefined;
  const { duplicates } = error.body;
  if (!Array.isArray(duplicates)) return undefined;
  return duplicates.filter(
    (item): item is LikelyDuplicatePatient =>
      isRecord(item) &&
      isRecord(item.patient) &&
      typeof item.patient.id === 'string' &&
      Array.isArray(item.reasons),
  );
}

/**
 * POST clinics/{npi}/patients. Likely duplicates are an answer, not a failure: the form shows them and
 * may send the same body again with confirmNotDuplicate. Empty fields are dropped by the server (SPEC §5).
 */
export async function createPatient(
  clinicNpi: string,
  body: CreatePatientInput,
): Promise<CreatePatientOutcome> {
  try {
    const patient = await apiClient.post<PatientResource>(
      `${clinicPatientsApiPath(clinicNpi)}/patients`,
      body,
    );
    return { kind: 'created', patient };
  } catch (error) {
    const duplicates = readDuplicates(error);
    if (duplicates && duplicates.length > 0) return { kind: 'duplicates', duplicates };
    throw error;
  }
}

export function useCreatePatient(clinicNpi: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePatientInput) => createPatient(clinicNpi, body),
    // The form shows what went wrong beside its fields, and says it in the snackbar itself.
    meta: { silent: true },
    onSuccess: (outcome) => {
      if (outcome.kind !== 'created') return;
      queryClient.setQueryData(queryKeys.patients.detail(clinicNpi, outcome.patient.id), outcome.patient);
      void queryClient.invalidateQueries({ queryKey: queryKeys.patients.search(clinicNpi) });
    },
  });
}
