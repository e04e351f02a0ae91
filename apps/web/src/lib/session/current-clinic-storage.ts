/** localStorage key of the clinic the user last worked in; it survives reloads and new tabs. */
export const CURRENT_CLINIC_STORAGE_KEY = 'currentClinicNpi';

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

export function readStoredClinicNpi(): string | null {
  try {
    return storage()?.getItem(CURRENT_CLINIC_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

export function storeClinicNpi(npi: string): void {
  try {
    storage()?.setItem(CURRENT_CLINIC_STORAGE_KEY, npi);
  } catch {
    // Storage full or blocked: the choice lasts for this page only.
  }
}
