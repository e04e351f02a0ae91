// `npm run start:study-vendors -w @portal/simulators`: the simulators of the study vendors (Zoll,
// InfoBionic, Biobeat) and of the clinic's EMR in one process, configured from the environment. An invalid
// value stops start-up with a message naming the variable.
import { z } from 'zod';
import {
  BIOBEAT_SIMULATOR_DEFAULTS,
  BIOBEAT_UTC_OFFSET_MINUTES_DEFAULT,
  startBiobeatSimulator,
} from './biobeat/biobeat-simulator';
import { EMR_SIMULATOR_DEFAULTS, emrFaultsSchema, startEmrSimulator } from './emr/emr-simulator';
import { faultsVariable, logLevelVariable, readEnvironment, wholeNumber } from './environment';
import { INFOBIONIC_SIMULATOR_DEFAULTS, startInfoBionicSimulator } from './infobionic/infobionic-simulator';
import { STUDY_STEP_MS_DEFAULT } from './vendor-common/study-clock';
import { vendorFaultsSchema } from './vendor-common/vendor-faults';
import { startZollSimulator, ZOLL_SIMULATOR_DEFAULTS } from './zoll/zoll-simulator';

const secret = (fallback: string) => z.string().min(1, { error: 'must not be empty' }).default(fallback);

const environmentSchema = z.object({
  PORTAL_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default('http://127.0.0.1:8080'),
  STUDY_SIMULATOR_HOST: z.string().min(1).default(ZOLL_SIMULATOR_DEFAULTS.host),
  STUDY_SIMULATOR_STEP_MS: wholeNumber(0, 86_400_000).default(STUDY_STEP_MS_DEFAULT),

  ZOLL_SIMULATOR_PORT: wholeNumber(0, 65535).default(ZOLL_SIMULATOR_DEFAULTS.port),
  ZOLL_SIMULATOR_CLIENT_ID: secret(ZOLL_SIMULATOR_DEFAULTS.clientId),
  ZOLL_SIMULATOR_CLIENT_SECRET: secret(ZOLL_SIMULATOR_DEFAULTS.clientSecret),
  ZOLL_SIMULATOR_WEBHOOK_SECRET: secret(ZOLL_SIMULATOR_DEFAULTS.webhookSecret),
  ZOLL_SIMULATOR_OFFICES: z
    .string()
    .optional()
    .transform((text) => {
      const offices = (text ?? '')
        .split(',')
        .map((office) => office.trim())
        .filter(Boolean);
      return offices.length > 0 ? offices : undefined;
    }),
  ZOLL_SIMULATOR_FAULTS: faultsVariable(vendorFaultsSchema),

  INFOBIONIC_SIMULATOR_PORT: wholeNumber(0, 65535).default(INFOBIONIC_SIMULATOR_DEFAULTS.port),
  INFOBIONIC_SIMULATOR_CLIENT_ID: secret(INFOBIONIC_SIMULATOR_DEFAULTS.clientId),
  INFOBIONIC_SIMULATOR_CLIENT_SECRET: secret(INFOBIONIC_SIMULATOR_DEFAULTS.clientSecret),
  INFOBIONIC_SIMULATOR_WEBHOOK_SECRET: secret(INFOBIONIC_SIMULATOR_DEFAULTS.webhookSecret),
  INFOBIONIC_SIMULATOR_FAULTS: faultsVariable(vendorFaultsSchema),

  BIOBEAT_SIMULATOR_PORT: wholeNumber(0, 65535).default(BIOBEAT_SIMULATOR_DEFAULTS.port),
  BIOBEAT_SIMULATOR_CLIENT_ID: secret(BIOBEAT_SIMULATOR_DEFAULTS.clientId),
  BIOBEAT_SIMULATOR_CLIENT_SECRET: secret(BIOBEAT_SIMULATOR_DEFAULTS.clientSecret),
  BIOBEAT_SIMULATOR_WEBHOOK_SECRET: secret(BIOBEAT_SIMULATOR_DEFAULTS.webhookSecret),
  BIOBEAT_SIMULATOR_UTC_OFFSET_MINUTES: z.coerce
    .number({ error: 'must be a whole number of minutes from -720 to 840' })
    .int({ error: 'must be a whole number of minutes from -720 to 840' })
    .min(-720, { error: 'must be a whole number of minutes from -720 to 840' })
    .max(840, { error: 'must be a whole number of minutes from -720 to 840' })
    .default(BIOBEAT_UTC_OFFSET_MINUTES_DEFAULT),
  BIOBEAT_SIMULATOR_FAULTS: faultsVariable(vendorFaultsSchema),

  EMR_SIMULATOR_PORT: wholeNumber(0, 65535).default(EMR_SIMULATOR_DEFAULTS.port),
  EMR_SIMULATOR_CLIENT_ID: secret(EMR_SIMULATOR_DEFAULTS.clientId),
  EMR_SIMULATOR_CLIENT_SECRET: secret(EMR_SIMULATOR_DEFAULTS.clientSecret),
  EMR_SIMULATOR_FAULTS: faultsVariable(emrFaultsSchema),

  LOG_LEVEL: logLevelVariable,
});

const settings = readEnvironment(environmentSchema);
const host = settings.STUDY_SIMULATOR_HOST;
const logger = { level: settings.LOG_LEVEL };
const shared = { host, portalUrl: settings.PORTAL_URL, stepMs: settings.STUDY_SIMULATOR_STEP_MS, logger };

const running: Array<{ close(): Promise<void> }> = [];

async function started<Simulator extends { close(): Promise<void> }>(
  name: string,
  start: () => Promise<Simulator>,
): Promise<Simulator> {
  try {
    const simulator = await start();
    running.push(simulator);
    return simulator;
  } catch (error) {
    console.error(
      `The ${name} simulator could not start: ${error instanceof Error ? error.message : String(error)}`,
    );
    await Promise.allSettled(running.map((each) => each.close()));
    process.exit(1);
  }
}

const zoll = await started('Zoll', () =>
  startZollSimulator({
    ...shared,
    port: settings.ZOLL_SIMULATOR_PORT,
    clientId: settings.ZOLL_SIMULATOR_CLIENT_ID,
    clientSecret: settings.ZOLL_SIMULATOR_CLIENT_SECRET,
    webhookSecret: settings.ZOLL_SIMULATOR_WEBHOOK_SECRET,
    ...(settings.ZOLL_SIMULATOR_OFFICES ? { offices: settings.ZOLL_SIMULATOR_OFFICES } : {}),
    ...(settings.ZOLL_SIMULATOR_FAULTS ? { faults: settings.ZOLL_SIMULATOR_FAULTS } : {}),
  }),
);
const infoBionic = await started('InfoBionic', () =>
  startInfoBionicSimulator({
    ...shared,
    port: settings.INFOBIONIC_SIMULATOR_PORT,
    clientId: settings.INFOBIONIC_SIMULATOR_CLIENT_ID,
    clientSecret: settings.INFOBIONIC_SIMULATOR_CLIENT_SECRET,
    webhookSecret: settings.INFOBIONIC_SIMULATOR_WEBHOOK_SECRET,
    ...(settings.INFOBIONIC_SIMULATOR_FAULTS ? { faults: settings.INFOBIONIC_SIMULATOR_FAULTS } : {}),
  }),
);
const biobeat = await started('Biobeat', () =>
  startBiobeatSimulator({
    ...shared,
    port: settings.BIOBEAT_SIMULATOR_PORT,
    clientId: settings.BIOBEAT_SIMULATOR_CLIENT_ID,
    clientSecret: settings.BIOBEAT_SIMULATOR_CLIENT_SECRET,
    webhookSecret: settings.BIOBEAT_SIMULATOR_WEBHOOK_SECRET,
    utcOffsetMinutes: settings.BIOBEAT_SIMULATOR_UTC_OFFSET_MINUTES,
    ...(settings.BIOBEAT_SIMULATOR_FAULTS ? { faults: settings.BIOBEAT_SIMULATOR_FAULTS } : {}),
  }),
);
const emr = await started('EMR', () =>
  startEmrSimulator({
    host,
    logger,
    port: settings.EMR_SIMULATOR_PORT,
    clientId: settings.EMR_SIMULATOR_CLIENT_ID,
    clientSecret: settings.EMR_SIMULATOR_CLIENT_SECRET,
    ...(settings.EMR_SIMULATOR_FAULTS ? { faults: settings.EMR_SIMULATOR_FAULTS } : {}),
  }),
);

// The credentials are the simulators' own, never a real vendor's, so printing where to reach them is safe.
const pace =
  settings.STUDY_SIMULATOR_STEP_MS > 0
    ? `studies move one state every ${settings.STUDY_SIMULATOR_STEP_MS} ms`
    : 'studies move only on POST /_simulator/advance';
console.log(
  [
    `Zoll home sleep test simulator at ${zoll.url}/hst/v1 (client '${zoll.clientId}'${
      zoll.offices ? `, offices ${zoll.offices.join(', ')}` : ', any office'
    })`,
    `InfoBionic MoMe simulator at ${infoBionic.url}/v2 (client '${infoBionic.clientId}')`,
    `Biobeat ABPM simulator at ${biobeat.url}/api/v1/abpm (client '${biobeat.clientId}')`,
    `EMR FHIR R4 simulator at ${emr.url}/fhir (client '${emr.clientId}'); filed documents at ${emr.url}/_simulator/documents`,
    `Callbacks go to ${settings.PORTAL_URL}; ${pace}; faults, stats and advance under /_simulator/ on each`,
  ].join('\n'),
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void Promise.allSettled(running.map((simulator) => simulator.close())).then(() => process.exit(0));
  });
}
