import path from 'node:path';
import { z } from 'zod';

// Every setting the server reads from the environment, with its default. The README's configuration
// table mirrors this file.
const repoRoot = path.resolve(import.meta.dirname, '../../..');
// npm runs workspace scripts inside the workspace folder; INIT_CWD is where the user typed the command,
// so a relative DATA_DIR means what the user expects.
const invocationDir = process.env.INIT_CWD ?? process.cwd();

const portSchema = z.coerce
  .number({ error: 'must be a whole number from 0 to 65535' })
  .int({ error: 'must be a whole number from 0 to 65535' })
  .min(0, { error: 'must be a whole number from 0 to 65535' })
  .max(65535, { error: 'must be a whole number from 0 to 65535' });

export const configSchema = z.object({
  PORT: portSchema.default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  WEB_DIST_DIR: z.string().min(1).default(path.join(repoRoot, 'apps/web/dist')),
});

export type Config = {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: z.infer<typeof configSchema>['LOG_LEVEL'];
  webDistDir: string;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and validates the environment; an invalid value names its variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.keys(configSchema.shape).flatMap((key) => (env[key] === undefined || env[key] === '' ? [] : [[key, env[key]]])),
  );
  const parsed = configSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const values = parsed.data;
  return {
    port: values.PORT,
    host: values.HOST,
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, ''),
    dataDir: path.resolve(invocationDir, values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    logLevel: values.LOG_LEVEL,
    webDistDir: path.resolve(invocationDir, values.WEB_DIST_DIR),
  };
}
