import { buildDefaultSignatureSettings } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/**
 * The signed-in user's signature settings at a clinic, as GET
 * /api/customers/clinics/:npi/signature-settings/:userId returns them: the user's own, else the clinic's
 * ('0'), else the SPEC defaults. Prompt lists come as arrays.
 */
export type UserSignatureSettings = {
  userId: string;
  crmPrompts: string[];
  wcdPrompts: string[];
  sleepPrompts: string[];
  abpmPrompts: string[];
  rpmPrompts: string[];
  noIssuesNote: string;
  quickSignNote: string;
  bulkSignNote: string;
  rpmSelectByDos: boolean;
  bulkSignEnabled: boolean;
  isDefault: boolean;
};

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

export function getUserSignatureSettings(
  { npi, userId }: { npi: string; userId: string },
  options: { signal?: AbortSignal } = {},
): Promise<UserSignatureSettings> {
  return apiClient.get<UserSignatureSettings>(
    `/api/customers/clinics/${encodeURIComponent(npi)}/signature-settings/${encodeURIComponent(userId)}`,
    { signal: options.signal },
  );
}

/** Keyed as the clinic settings screen keys them, so a change saved there shows here at once. */
export function userSignatureSettingsQueryOptions(npi: string, userId: string) {
  return queryOptions({
    queryKey: ['clinics', 'signature-settings', npi, userId] as const,
    queryFn: ({ signal }) => getUserSignatureSettings({ npi, userId }, { signal }),
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
