import { pickCurrentClinic } from '@portal/domain';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { AllowedClinic } from '../user-resource';
import { readStoredClinicNpi, storeClinicNpi } from './current-clinic-storage';

/**
 * The clinic the user works in (SPEC §4): the stored one when it is in the user's list, else the first
 * allowed clinic, which is then stored. Switching works only to a clinic in the list.
 */
export function useCurrentClinic(allowedClinics: readonly AllowedClinic[]) {
  const [requestedNpi, setRequestedNpi] = useState(readStoredClinicNpi);
  const allowedNpis = useMemo(() => allowedClinics.map((clinic) => clinic.npi), [allowedClinics]);
  const currentNpi = pickCurrentClinic(requestedNpi, allowedNpis);
  const currentClinic = allowedClinics.find((clinic) => clinic.npi === currentNpi);

  useEffect(() => {
    if (currentNpi && currentNpi !== readStoredClinicNpi()) storeClinicNpi(currentNpi);
  }, [currentNpi]);

  const selectClinic = useCallback(
    (npi: string) => {
      if (!allowedNpis.includes(npi)) return;
      storeClinicNpi(npi);
      setRequestedNpi(npi);
    },
    [allowedNpis],
  );

  return { currentClinic, selectClinic };
}
