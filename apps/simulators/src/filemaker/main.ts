// `npm run start:filemaker -w @portal/simulators`: the FileMaker Data API simulator on its own, configured
// from the environment. An invalid value stops start-up with a message naming the variable.
import { z } from 'zod';
import { faultsVariable, logLevelVariable, readEnvironment, wholeNumber } from '../environment';
import { faultsSchema } from './faults';
import { FILEMAKER_SIMULATOR_DEFAULTS, startFileMakerSimulator } from './filemaker-simulator';

const environmentSchema = z.object({
  FILEMAKER_SIMULATOR_PORT: wholeNumber(0, 65535).default(FILEMAKER_SIMULATOR_DEFAULTS.port),
  FILEMAKER_SIMULATOR_HOST: z.string().min(1).default(FILEMAKER_SIMULATOR_DEFAULTS.host),
  FILEMAKER_SIMULATOR_DATABASE: z.string().min(1).default(FILEMAKER_SIMULATOR_DEFAULTS.database),
  FILEMAKER_SIMULATOR_LAYOUT: z.string().min(1).default(FILEMAKER_SIMULATOR_DEFAULTS.layout),
  FILEMAKER_SIMULATOR_USER: z.string().min(1).default(FILEMAKER_SIMULATOR_DEFAULTS.user),
  FILEMAKER_SIMULATOR_PASSWORD: z.string().min(1).default(FILEMAKER_SIMULATOR_DEFAULTS.password),
  FILEMAKER_SIMULATOR_FAULTS: faultsVariable(faultsSchema),
  LOG_LEVEL: logLevelVariable,
});

const settings = readEnvironment(environmentSchema);

const simulator = await startFileMakerSimulator({
  port: settings.FILEMAKER_SIMULATOR_PORT,
  host: settings.FILEMAKER_SIMULATOR_HOST,
  database: settings.FILEMAKER_SIMULATOR_DATABASE,
  layout: settings.FILEMAKER_SIMULATOR_LAYOUT,
  user: settings.FILEMAKER_SIMULATOR_USER,
  password: settings.FILEMAKER_SIMULATOR_PASSWORD,
  ...(settings.FILEMAKER_SIMULATOR_FAULTS ? { faults: settings.FILEMAKER_SIMULATOR_FAULTS } : {}),
  logger: { level: settings.LOG_LEVEL },
});
// The credentials are the simulator's own, never a real server's, so printing where to reach it is safe.
console.log(
  `FileMaker Data API simulator at ${simulator.url}/fmi/data/vLatest/databases/${simulator.database} ` +
    `(layout '${simulator.layout}'); faults at ${simulator.url}/_simulator/faults`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void simulator.close().then(() => process.exit(0));
  });
}
