import { formatUserDisplayName } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { clinicProvidersQueryOptions } from '../../../lib/clinic-providers';
import { patientQueryOptions } from '../../../lib/patients';
import type { OrderingPhysician } from '../study-form';

/**
 * Who may order a study for the patient: the clinic's providers (with an NPI), and by default the
 * patient's following physician (the patient's effective physicianNpi), named from that list when they
 * are one of the clinic's providers. `ready` once both are known, or failed (an order then starts blank).
 */
export function useOrderingPhysicians(
  clinicNpi: string,
  patientRef: string,
  { enabled }: { enabled: boolean },
): { providers: OrderingPhysician[]; initial: OrderingPhysician | undefined; ready: boolean } {
  const patient = useQuery({
    ...patientQueryOptions(clinicNpi, patientRef),
    enabled,
    meta: { silent: true },
  });
  const providers = useQuery({ ...clinicProvidersQueryOptions(clinicNpi), enabled, meta: { silent: true } });
  return useMemo(() => {
    const list = (providers.data ?? [])
      .filter((provider) => provider.attributes.npi)
      .map((provider) => ({
        npi: provider.attributes.npi ?? '',
        name: formatUserDisplayName(provider.attributes),
      }));
    const physicianNpi = patient.data?.attributes.effective.physicianNpi.value ?? null;
    const initial = physicianNpi
      ? { npi: physicianNpi, name: list.find((provider) => provider.npi === physicianNpi)?.name ?? '' }
      : undefined;
    return { providers: list, initial, ready: !patient.isPending && !providers.isPending };
  }, [patient.data, patient.isPending, providers.data, providers.isPending]);
}
