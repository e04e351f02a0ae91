import {
  type BiobeatSimulator,
  type EmrSimulator,
  type InfoBionicSimulator,
  startBiobeatSimulator,
  startEmrSimulator,
  startInfoBionicSimulator,
  startZollSimulator,
  type ZollSimulator,
} from '@portal/simulators';

// The one door from the server's tests to the study vendors' and the EMR's simulators (issue 16), as for
// FileMaker: real HTTP services on free loopback ports, calling the portal back at `portalUrl`.

export type StudyVendorSimulators = {
  zoll: ZollSimulator;
  infobionic: InfoBionicSimulator;
  biobeat: BiobeatSimulator;
  emr: EmrSimulator;
  /** The portal's variables that point it at these simulators, their secrets included. */
  env: Record<string, string>;
  close: () => Promise<void>;
};

/**
 * The four simulators, their studies moving only when a test advances them (stepMs 0) unless told, their
 * callbacks retried quickly.
 */
export async function startTestStudyVendors(options: {
  portalUrl: string;
  stepMs?: number;
  offices?: readonly string[];
}): Promise<StudyVendorSimulators> {
  const common = {
    port: 0,
    host: '127.0.0.1',
    portalUrl: options.portalUrl,
    stepMs: options.stepMs ?? 0,
    callbackRetryDelayMs: 20,
  };
  const [zoll, infobionic, biobeat, emr] = await Promise.all([
    startZollSimulator({ ...common, ...(options.offices ? { offices: options.offices } : {}) }),
    startInfoBionicSimulator(common),
    startBiobeatSimulator(common),
    startEmrSimulator({ port: 0, host: '127.0.0.1' }),
  ]);
  const env: Record<string, string> = {};
  for (const [prefix, simulator] of [
    ['ZOLL', zoll],
    ['INFOBIONIC', infobionic],
    ['BIOBEAT', biobeat],
  ] as const) {
    env[`${prefix}_URL`] = simulator.url;
    env[`${prefix}_CLIENT_ID`] = simulator.clientId;
    env[`${prefix}_CLIENT_SECRET`] = simulator.clientSecret;
    env[`${prefix}_WEBHOOK_SECRET`] = simulator.webhookSecret;
  }
  env.EMR_FHIR_URL = emr.url;
  env.EMR_CLIENT_ID = emr.clientId;
  env.EMR_CLIENT_SECRET = emr.clientSecret;
  return {
    zoll,
    infobionic,
    biobeat,
    emr,
    env,
    close: async () => {
      await Promise.all([zoll.close(), infobionic.close(), biobeat.close(), emr.close()]);
    },
  };
}
