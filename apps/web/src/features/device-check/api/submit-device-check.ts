import type { DeviceCheckBody, DeviceCheckResponse } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function deviceChecksApiPath(clinicNpi: string, patientId: string): string {
  return `/api/reports/clinics/${encodeURIComponent(clinicNpi)}/patients/${encodeURIComponent(patientId)}/device-checks`;
}

/**
 * POST /api/reports/clinics/:npi/patients/:id/device-checks. The Idempotency-Key is the form's: a retry
 * after a lost answer returns the check already recorded instead of recording it twice.
 */
export function submitDeviceCheck(input: {
  clinicNpi: string;
  patientId: string;
  body: DeviceCheckBody;
  idempotencyKey: string;
}): Promise<DeviceCheckResponse> {
  return apiClient.post<DeviceCheckResponse>(
    deviceChecksApiPath(input.clinicNpi, input.patientId),
    input.body,
    {
      headers: { 'Idempotency-Key': input.idempotencyKey },
    },
  );
}

export function useSubmitDeviceCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitDeviceCheck,
    // The patient's timeline and documents now show the check.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.patients.all }),
    meta: { silent: true },
  });
}
