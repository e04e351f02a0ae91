import { buildDefaultSignatureSettings, type EffectiveSignatureSettings } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { getSignatureSettings } from '../../../lib/signature-settings';

/** The signed-in user's settings: their own, else the clinic's ('0'), else the SPEC defaults. */
export type UserSignatureSettings = EffectiveSignatureSettings;

/** SPEC §3 defaults, used while loading and when the settings cannot be read (SPEC §8). */
export function buildDefaultUserSignatureSettings(userId: string): UserSignatureSettings {
  const defaults = buildDefaultSignatureSettings(userId);
  return {
    ...defaults,
    crmPrompts: [defaults.crmPrompts],
    wcdPrompts: [defaults.wcdPrompts],
    sleepPrompts: [defaults.sleepPrompts],
    abpmPrompts: [defaults.abpmPrompts],
    rpmPrompts: [defaults.rpmPrompts],
    isDefault: true,
  };
}

/** Keyed as the clinic settings screen keys them, so a change saved there shows here at once. */
export function userSignatureSettingsQueryOptions(npi: string, userId: string) {
  return queryOptions({
    queryKey: queryKeys.clinics.signatureSettings(npi, userId),
    queryFn: ({ signal }) => getSignatureSettings({ npi, userId }, { signal }),
    staleTime: 60_000,
    // A failure falls back to the defaults (SPEC §8) rather than interrupting the inbox.
    meta: { silent: true },
  });
}

/** The user's signature settings at the clinic, with the SPEC defaults until (or unless) they load. */
export function useUserSignatureSettings(npi: string | undefined, userId: string) {
  const query = useQuery({ ...userSignatureSettingsQueryOptions(npi ?? '', userId), enabled: Boolean(npi) });
  return {
    settings: query.data ?? buildDefaultUserSignatureSettings(userId),
    isLoaded: query.isSuccess,
    error: query.error,
  };
}
