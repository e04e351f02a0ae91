import type { PatientResource } from '@portal/domain';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { patientQueryOptions } from '../../../lib/patients';
import { queryKeys } from '../../../lib/query-keys';

function isPatientResource(value: unknown): value is PatientResource {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { id?: unknown }).id === 'string' &&
    typeof (value as { attributes?: unknown }).attributes === 'object'
  );
}

/**
 * After a write to one patient: the patient as the server answered it goes straight into the page, and
 * everything else about patients (search pages, the timeline, advisories) is fetched again, as are the
 * inbox's lists, whose rows carry the patient's AF-without-OAC flag.
 */
export async function refreshAfterPatientWrite(
  queryClient: QueryClient,
  clinicNpi: string,
  id: string,
  answer: unknown,
): Promise<void> {
  const detailKey = patientQueryOptions(clinicNpi, id).queryKey;
  if (isPatientResource(answer)) queryClient.setQueryData(detailKey, answer);
  void queryClient.invalidateQueries({ queryKey: queryKeys.documents.lists });
  await queryClient.invalidateQueries({
    queryKey: queryKeys.patients.all,
    // The patient itself is fresh from the answer; a write that answered nothing refreshes it too.
    predicate: (query) =>
      !isPatientResource(answer) || JSON.stringify(query.queryKey) !== JSON.stringify(detailKey),
  });
}

/**
 * A write to one patient (PATCH, supplimental info, OAC history, sync). Failures are the caller's to
 * show: a dialog shows the fields the server named, and the snackbar says which write failed.
 */
export function usePatientWrite<Variables, Answer>(
  clinicNpi: string,
  id: string,
  write: (variables: Variables) => Promise<Answer>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    meta: { silent: true },
    onSuccess: (answer) => refreshAfterPatientWrite(queryClient, clinicNpi, id, answer),
  });
}
