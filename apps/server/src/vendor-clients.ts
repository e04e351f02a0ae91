import type { Config } from './config';
import { createBiobeatClient } from './integrations/biobeat/biobeat-client';
import { createEmrFhirClient } from './integrations/emr/emr-fhir-client';
import { createInfoBionicClient } from './integrations/infobionic/infobionic-client';
import {
  VendorAuthenticationError,
  VendorError,
  VendorRejectedError,
  VendorResponseError,
} from './integrations/vendor-http/vendor-errors';
import { createZollClient } from './integrations/zoll/zoll-client';
import { EmrNotConfiguredError } from './modules/emr-delivery/deliver-to-emr';
import type { EmrPort } from './modules/emr-delivery/emr-port';
import { StudyPushRefusedError } from './modules/studies/study-vendor-handlers';
import { type StudyVendors, VendorNotConfiguredError, type ZollPort } from './modules/studies/study-vendors';

type Log = { warn(details: Record<string, unknown>, message: string): void };

/** How many attempts a person's own call (check for updates) gets: a few seconds, not SPEC §9's minutes. */
const INTERACTIVE_RETRIES = 3;

/**
 * The vendors' clients, from the configuration (issue 16 §6): the outbox's, with SPEC §9's full retry,
 * and the interactive Zoll client a person waits on. Unset vendors are undefined.
 */
export function createVendorClients(config: Config['vendors'], log: Log) {
  const common = (connection: { url: string; clientId: string; clientSecret: string }, retries: number) => ({
    baseUrl: connection.url,
    clientId: connection.clientId,
    clientSecret: connection.clientSecret,
    timeoutMs: config.timeoutMs,
    retry: { retries, initialDelayMs: config.retry.initialDelayMs },
    log,
  });
  const study: StudyVendors = {
    zoll: config.zoll ? createZollClient(common(config.zoll, config.retry.retries)) : undefined,
    infobionic: config.infobionic
      ? createInfoBionicClient(common(config.infobionic, config.retry.retries))
      : undefined,
    biobeat: config.biobeat ? createBiobeatClient(common(config.biobeat, config.retry.retries)) : undefined,
  };
  const interactiveZoll: ZollPort | undefined = config.zoll
    ? createZollClient(common(config.zoll, Math.min(INTERACTIVE_RETRIES, config.retry.retries)))
    : undefined;
  const emr: EmrPort | undefined = config.emr
    ? createEmrFhirClient(common(config.emr, config.retry.retries))
    : undefined;
  return { study, interactiveZoll, emr };
}

/** Failures no retry will mend: a vendor's refusal, credentials it refuses, a missing setting. */
export function isPermanentVendorFailure(error: unknown): boolean {
  return (
    error instanceof VendorRejectedError ||
    error instanceof VendorAuthenticationError ||
    error instanceof VendorResponseError ||
    error instanceof VendorNotConfiguredError ||
    error instanceof EmrNotConfiguredError ||
    error instanceof StudyPushRefusedError
  );
}

/** The sentence staff see for a vendor failure; anything unexpected gets a general one (no details leak). */
export function describeVendorFailure(error: unknown): string {
  if (
    error instanceof VendorError ||
    error instanceof VendorNotConfiguredError ||
    error instanceof EmrNotConfiguredError ||
    error instanceof StudyPushRefusedError
  )
    return error.message;
  return 'The portal could not complete the call: it will try again.';
}
