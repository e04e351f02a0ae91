// `npm run start:filemaker -w @portal/simulators`: the FileMaker Data API simulator on its own, configured
// from the environment. An invalid value stops start-up with a message naming the variable.
import { z } from 'zod';
import { faultsSchema } from './faults';
import { FILEMAKER_SIMULATOR_DEFAULTS, startFileMakerSimulator } from './filemaker-simulator';

const portError = 'must be a whole number from 0 to 65535';
const environmentSchema = z.object({
  FILEMAKER_SIMULATOR_PORT: z.coerce
    .number({ error: portError })
    .int({ error: portError })
    .min(0, { error: portError })
    .max(65535, { error: portError })
    .default(FILEMAKER_SIMULATOR_DEFAULTS.port),
  FILEMAKER_SIMULATOR_HOST: z.string().min(1).default(FILEMAKER_SIMULATOR_DEFAULTS.host),
  FILEMAKER_SIMULATOR_DATABASE: z.string().min(1).default(FILEMAKER_SIMULATOR_DEFAULTS.database),
  FILEMAKER_SIMULATOR_LAYOUT: z.string().min(1).default(FILEMAKER_SIMULATOR_DEFAULTS.layout),
  FILEMAKER_SIMULATOR_USER: z.string().min(1).default(FILEMAKER_SIMULATOR_DEFAULTS.user),
  FILEMAKER_SIMULATOR_PASSWORD: z.string().min(1).default(FILEMAKER_SIMULATOR_DEFAULTS.password),
  FILEMAKER_SIMULATOR_FAULTS: z
    .string()
    .optional()
    .transform((text, context) => {
      if (text === undefined || text.trim() === '') return undefined;
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        context.addIssue({ code: 'custom', message: 'must be JSON, e.g. {"status":503,"times":2}' });
        return z.NEVER;
      }
      const faults = faultsSchema.safeParse(json);
      if (!faults.success) {
        for (const issue of faults.error.issues) {
          context.addIssue({
            code: 'custom',
            message: `${issue.path.join('.') || 'value'} ${issue.message}`,
          });
        }
        return z.NEVER;
      }
      return faults.data;
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

const environment = environmentSchema.safeParse(process.env);
if (!environment.success) {
  const problems = environment.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
  console.error(`Invalid configuration: ${problems.join('; ')}`);
  process.exit(1);
}
const settings = environment.data;

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
