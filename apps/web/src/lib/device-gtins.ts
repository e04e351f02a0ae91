import type {
  DeviceGtinPairingBody,
  DeviceGtinResponse,
  DeviceInfo,
  DeviceType,
  PatientResource,
  SupplimentalInfoBody,
} from '@portal/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from './api-client';
import { clinicPatientsApiPath, patientApiPath } from './patients';
import { queryKeys } from './query-keys';

function deviceGtinPath(clinicNpi: string, gtin: string) {
  return `${clinicPatientsApiPath(clinicNpi)}/device-gtins/${encodeURIComponent(gtin)}`;
}

/** GET clinics/{npi}/device-gtins/{gtin}: the model a scanned GTIN stands for (the clinic's pairing first). */
export function deviceGtinQueryOptions(clinicNpi: string, gtin: string | null) {
  return queryOptions({
    queryKey: queryKeys.deviceGtins.match(clinicNpi, gtin ?? ''),
    queryFn: ({ signal }) =>
      apiClient.get<DeviceGtinResponse>(deviceGtinPath(clinicNpi, gtin ?? ''), { signal }),
    select: (response) => response.data,
    enabled: gtin !== null && clinicNpi !== '',
    staleTime: 60_000,
  });
}

/** PUT clinics/{npi}/device-gtins/{gtin}: the clinic remembers which catalog model a GTIN is. */
export function useSaveDeviceGtinPairing(clinicNpi: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ gtin, body }: { gtin: string; body: DeviceGtinPairingBody }) =>
      apiClient.put<DeviceGtinResponse>(deviceGtinPath(clinicNpi, gtin), body),
    onSuccess: (response, { gtin }) => {
      queryClient.setQueryData(queryKeys.deviceGtins.match(clinicNpi, gtin), response);
    },
  });
}

type ScannedDevice = Partial<
  Record<'manufacturer' | 'model' | 'modelNumber' | 'deviceType' | 'serialNumber', string>
>;

/**
 * PUT clinics/{npi}/patients/{id}/supplimental-info with the patient's device as it is plus what a scan
 * changed (the device info is saved whole). The patient's queries are fetched again.
 */
export function useSaveScannedDevice(patient: PatientResource) {
  const queryClient = useQueryClient();
  const { clinicNpi } = patient.attributes;
  return useMutation({
    mutationFn: (scanned: ScannedDevice) => {
      const device = patient.attributes.deviceInfo;
      const body: SupplimentalInfoBody = {
        deviceInfo: {
          manufacturer: (scanned.manufacturer ?? device?.manufacturer ?? null) as DeviceInfo['manufacturer'],
          model: scanned.model ?? device?.model ?? null,
          modelNumber: scanned.modelNumber ?? device?.modelNumber ?? null,
          deviceType: (scanned.deviceType ?? device?.deviceType ?? null) as DeviceType | null,
          serialNumber: scanned.serialNumber ?? device?.serialNumber ?? null,
          implantDate: device?.implantDate ?? null,
        },
      };
      return apiClient.put<PatientResource>(
        `${patientApiPath(clinicNpi, patient.id)}/supplimental-info`,
        body,
      );
    },
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.patients.all }),
  });
}
