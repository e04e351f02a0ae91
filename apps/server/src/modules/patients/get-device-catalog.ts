import { DEVICE_CATALOG, type DeviceCatalogResponse, listModelsForManufacturer } from '@portal/domain';

/** GET device-catalog: every model of the built-in catalog, and the Boston list derived and sorted (SPEC §3). */
export function getDeviceCatalog(): DeviceCatalogResponse {
  return { data: [...DEVICE_CATALOG], bostonModels: listModelsForManufacturer(DEVICE_CATALOG, 'BSX') };
}
