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

/** A whole number within bounds, read from an environment string. */
function wholeNumber(min: number, max: number) {
  const error = `must be a whole number from ${min} to ${max}`;
  return z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error });
}

/** A study vendor's API (VENDOR_PROTOCOLS.md): its base URL, OAuth client, and callback secret. */
function vendorVariables<P extends string>(prefix: P) {
  return {
    [`${prefix}_URL`]: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    [`${prefix}_CLIENT_ID`]: z.string().trim().min(1).optional(),
    [`${prefix}_CLIENT_SECRET`]: z.string().min(1).optional(),
    [`${prefix}_WEBHOOK_SECRET`]: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
  } as Record<
    `${P}_URL` | `${P}_CLIENT_ID` | `${P}_CLIENT_SECRET` | `${P}_WEBHOOK_SECRET`,
    z.ZodOptional<z.ZodString>
  >;
}

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
  APP_TITLE: z.string().trim().min(1).max(80).default('Remote Monitoring Portal'),
  OIDC_ISSUER: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  OIDC_CLIENT_ID: z.string().trim().min(1).optional(),
  OIDC_AUDIENCE: z.string().trim().min(1).optional(),
  DEMO_DATA: z.enum(['true', 'false'], { error: 'must be true or false' }).default('true'),
  DEMO_PASSWORD: z
    .string()
    .min(12, { error: 'must have at least 12 characters' })
    .default('Demo-Portal-2026!'),
  MAX_PDF_BYTES: z.coerce
    .number({ error: 'must be a whole number of bytes' })
    .int({ error: 'must be a whole number of bytes' })
    .min(1024, { error: 'must be at least 1024' })
    .max(1024 * 1024 * 1024, { error: 'must be at most 1 GiB' })
    .default(50 * 1024 * 1024),
  DEMO_DOCUMENTS: z.coerce
    .number({ error: 'must be a whole number from 0 to 100000' })
    .int({ error: 'must be a whole number from 0 to 100000' })
    .min(0, { error: 'must be a whole number from 0 to 100000' })
    .max(100_000, { error: 'must be a whole number from 0 to 100000' })
    .default(2000),
  LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce
    .number({ error: 'must be a whole number from 1 to 10000' })
    .int({ error: 'must be a whole number from 1 to 10000' })
    .min(1, { error: 'must be a whole number from 1 to 10000' })
    .max(10_000, { error: 'must be a whole number from 1 to 10000' })
    .default(30),
  PUSHER_APP_ID: z.string().trim().min(1).optional(),
  PUSHER_KEY: z.string().trim().min(1).optional(),
  PUSHER_SECRET: z.string().trim().min(1).optional(),
  PUSHER_CLUSTER: z.string().trim().min(1).optional(),
  PUSHER_HOST: z
    .string()
    .regex(/^[A-Za-z0-9.-]+(:\d{1,5})?$/, { error: 'must be host or host:port' })
    .optional(),
  PUSHER_USE_TLS: z.enum(['true', 'false'], { error: 'must be true or false' }).default('true'),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  EMAIL_FROM: z.string().trim().min(3).default('Remote Monitoring Portal <no-reply@portal.invalid>'),
  REMINDER_HOUR_UTC: z.coerce
    .number({ error: 'must be a whole number from 0 to 23' })
    .int({ error: 'must be a whole number from 0 to 23' })
    .min(0, { error: 'must be a whole number from 0 to 23' })
    .max(23, { error: 'must be a whole number from 0 to 23' })
    .default(12),
  REMINDERS: z.enum(['true', 'false'], { error: 'must be true or false' }).default('true'),
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9.:/,\s]*$/, { error: 'must be a comma-separated list of addresses or CIDR ranges' })
    .optional(),
  AUDIT_KEY: z.string().min(32, { error: 'must have at least 32 characters' }).optional(),
  AUDIT_SEAL_DIR: z.string().min(1).optional(),
  AUDIT_SEAL_INTERVAL_MINUTES: wholeNumber(1, 1440).default(1),
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
  LOGIN_RATE_LIMIT_PER_ACCOUNT_PER_MINUTE: wholeNumber(1, 10_000).default(10),
  PDF_CHECKS_PER_CALLER: wholeNumber(1, 100).default(2),
  PDF_CHECK_QUEUE_LIMIT: wholeNumber(1, 10_000).default(16),
  PDF_CHECK_TIMEOUT_MS: wholeNumber(100, 600_000).default(5000),
  PDF_SCRAPE_TIMEOUT_MS: wholeNumber(1, 60_000).default(2000),
  PDF_MAX_INFLATED_BYTES: wholeNumber(1024 * 1024, 16 * 1024 * 1024 * 1024).default(256 * 1024 * 1024),
  COMMENT_METADATA_MAX_BYTES: wholeNumber(256, 10 * 1024 * 1024).default(16 * 1024),
  REALTIME_MAX_CONNECTIONS: wholeNumber(1, 1_000_000).default(20_000),
  REALTIME_MAX_CONNECTIONS_PER_IP: wholeNumber(1, 1_000_000).default(100),
  REALTIME_SUBSCRIBE_TIMEOUT_SECONDS: wholeNumber(1, 3600).default(30),
  FILEMAKER_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  FILEMAKER_DATABASE: z.string().trim().min(1).optional(),
  FILEMAKER_LAYOUT: z.string().trim().min(1).default('Patients'),
  FILEMAKER_USER: z.string().trim().min(1).optional(),
  FILEMAKER_PASSWORD: z.string().min(1).optional(),
  FILEMAKER_SYNC_TIMEOUT_MS: wholeNumber(1000, 600_000).default(20_000),
  ...vendorVariables('ZOLL'),
  ...vendorVariables('INFOBIONIC'),
  ...vendorVariables('BIOBEAT'),
  EMR_FHIR_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  EMR_CLIENT_ID: z.string().trim().min(1).optional(),
  EMR_CLIENT_SECRET: z.string().min(1).optional(),
  VENDOR_TIMEOUT_MS: wholeNumber(100, 120_000).default(10_000),
  VENDOR_RETRY_INITIAL_DELAY_MS: wholeNumber(1, 60_000).default(1000),
  VENDOR_RETRIES: wholeNumber(1, 20).default(10),
  ESCALATIONS: z.enum(['true', 'false'], { error: 'must be true or false' }).default('true'),
  ESCALATION_POLL_MS: wholeNumber(1000, 3_600_000).default(60_000),
  DAILY_REPORT: z.enum(['true', 'false'], { error: 'must be true or false' }).default('true'),
  DAILY_REPORT_HOUR_UTC: wholeNumber(0, 23).default(6),
  METRICS_COMPACT_MS: wholeNumber(100, 3_600_000).default(10_000),
  VENDOR_OUTBOX: z.enum(['true', 'false'], { error: 'must be true or false' }).default('true'),
  VENDOR_OUTBOX_POLL_MS: wholeNumber(50, 60_000).default(2000),
  VENDOR_OUTBOX_CLAIM_SECONDS: wholeNumber(1, 3600).default(60),
  S3_BUCKET: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
      error: 'must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens',
    })
    .optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  S3_REGION: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'must be a region name such as us-east-1' })
    .default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
});

export type Config = {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: z.infer<typeof configSchema>['LOG_LEVEL'];
  webDistDir: string;
  appTitle: string;
  /** The embedded provider, or an external one when OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_AUDIENCE are set. */
  identity:
    | { kind: 'embedded'; issuer: string; clientId: string; audience: string }
    | { kind: 'external'; issuer: string; clientId: string; audience: string };
  demoData: boolean;
  demoPassword: string;
  loginRateLimitPerMinute: number;
  maxPdfBytes: number;
  demoDocuments: number;
  /**
   * Where document PDFs are kept: content-addressed files under DATA_DIR/blobs, or an S3 bucket (AWS S3 or
   * an S3-compatible store at `endpoint`) when S3_BUCKET is set. Without access keys the SDK's default
   * credential chain (environment, profile, instance or task role) applies.
   */
  storage:
    | { kind: 'disk'; dir: string }
    | {
        kind: 's3';
        bucket: string;
        endpoint: string | undefined;
        region: string;
        forcePathStyle: boolean;
        credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      };
  /** The portal's own Pusher-compatible endpoint, or a hosted service when every PUSHER_* is set. */
  realtime:
    | { kind: 'local' }
    | {
        kind: 'hosted';
        appId: string;
        key: string;
        secret: string;
        cluster: string;
        host: string | undefined;
        useTLS: boolean;
      };
  /** Reminder e-mails go out through this SMTP server; without one they wait in the e-mail outbox. */
  smtpUrl: string | undefined;
  emailFrom: string;
  /** The hour (UTC) after which the daily and weekly reminders are made. */
  reminderHourUtc: number;
  /** Whether this instance makes the daily and weekly reminders (tests turn it off). */
  reminders: boolean;
  /** Review-deadline escalation (issue 17): whether this instance looks for due steps, and how often. */
  escalations: { enabled: boolean; pollMs: number };
  /**
   * Metrics (issue 17): whether this instance sends the admin daily report (once a day across instances,
   * after the hour, UTC), and how often it folds the rolled-up counts.
   */
  metrics: { dailyReport: boolean; dailyReportHourUtc: number; compactMs: number };
  /**
   * The proxies whose X-Forwarded-For / -Host / -Proto are believed (addresses or CIDR ranges); empty:
   * none, so the client address is the socket's own.
   */
  trustProxy: string[];
  /** The audit trail's secret (HMAC links, seal signatures); unset: a key file under DATA_DIR/keys. */
  auditKey: string | undefined;
  /** Where the seal log of the audit chains' heads is appended: outside the database. */
  auditSealDir: string;
  auditSealIntervalMinutes: number;
  /** A Redis server for the shared rate-limit counters; unset: the database keeps them. */
  redisUrl: string | undefined;
  loginRateLimitPerAccountPerMinute: number;
  /** The PDF-checking queue: checks one caller may have running or queued, the whole queue, and a file's time. */
  pdfChecks: { perCaller: number; queueLimit: number; timeoutMs: number; maxInflatedBytes: number };
  /** The time reading one interrogation PDF for its measurements may take (PDF scraping). */
  pdfScrapeTimeoutMs: number;
  commentMetadataMaxBytes: number;
  realtimeLimits: { maxConnections: number; maxConnectionsPerIp: number; subscribeTimeoutSeconds: number };
  /**
   * The FileMaker Data API server patients are synced from (`npm start` points it at the simulator);
   * unset: syncing answers 502. `syncTimeoutMs` bounds one sync, retries included, so a person waits at
   * most that long.
   */
  fileMaker:
    | { url: string; database: string; layout: string; user: string; password: string; syncTimeoutMs: number }
    | undefined;
  /**
   * The study vendors and the EMR (issue 16, VENDOR_PROTOCOLS.md); `npm start` points them at the
   * simulators. An unset vendor is one the portal does not talk to: a push to it fails saying so.
   */
  vendors: {
    zoll: VendorConnection | undefined;
    infobionic: VendorConnection | undefined;
    biobeat: VendorConnection | undefined;
    emr: Omit<VendorConnection, 'webhookSecret'> | undefined;
    timeoutMs: number;
    retry: { retries: number; initialDelayMs: number };
    /** `enabled` false: work is queued but nobody sends it (tests that compare the database). */
    outbox: { enabled: boolean; pollMs: number; claimSeconds: number };
  };
};

export type VendorConnection = {
  url: string;
  clientId: string;
  clientSecret: string;
  /** The secret the vendor signs its calls to the portal with; unset: its calls are refused. */
  webhookSecret: string | undefined;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and validates the environment; an invalid value names its variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.keys(configSchema.shape).flatMap((key) =>
      env[key] === undefined || env[key] === '' ? [] : [[key, env[key]]],
    ),
  );
  const parsed = configSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const values = parsed.data;
  const publicUrl = (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, '');
  const externalSettings = [values.OIDC_ISSUER, values.OIDC_CLIENT_ID, values.OIDC_AUDIENCE];
  if (externalSettings.some(Boolean) && !externalSettings.every(Boolean)) {
    throw new ConfigError(
      'Invalid configuration: OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_AUDIENCE must be set together (or none, for the embedded provider)',
    );
  }
  const pusherSettings = [
    values.PUSHER_APP_ID,
    values.PUSHER_KEY,
    values.PUSHER_SECRET,
    values.PUSHER_CLUSTER,
  ];
  if (pusherSettings.some(Boolean) && !pusherSettings.every(Boolean)) {
    throw new ConfigError(
      'Invalid configuration: PUSHER_APP_ID, PUSHER_KEY, PUSHER_SECRET and PUSHER_CLUSTER must be set together (or none, for the built-in realtime endpoint)',
    );
  }
  const fileMakerSettings = [
    values.FILEMAKER_URL,
    values.FILEMAKER_DATABASE,
    values.FILEMAKER_USER,
    values.FILEMAKER_PASSWORD,
  ];
  if (fileMakerSettings.some(Boolean) && !fileMakerSettings.every(Boolean)) {
    throw new ConfigError(
      'Invalid configuration: FILEMAKER_URL, FILEMAKER_DATABASE, FILEMAKER_USER and FILEMAKER_PASSWORD must be set together (or none: no FileMaker sync)',
    );
  }
  const vendor = (name: string, prefix: 'ZOLL' | 'INFOBIONIC' | 'BIOBEAT'): VendorConnection | undefined => {
    const url = values[`${prefix}_URL`];
    const clientId = values[`${prefix}_CLIENT_ID`];
    const clientSecret = values[`${prefix}_CLIENT_SECRET`];
    if (!url && !clientId && !clientSecret) return undefined;
    if (!url || !clientId || !clientSecret)
      throw new ConfigError(
        `Invalid configuration: ${prefix}_URL, ${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET must be set together (or none: no ${name})`,
      );
    return { url, clientId, clientSecret, webhookSecret: values[`${prefix}_WEBHOOK_SECRET`] };
  };
  const emrSettings = [values.EMR_FHIR_URL, values.EMR_CLIENT_ID, values.EMR_CLIENT_SECRET];
  if (emrSettings.some(Boolean) && !emrSettings.every(Boolean))
    throw new ConfigError(
      'Invalid configuration: EMR_FHIR_URL, EMR_CLIENT_ID and EMR_CLIENT_SECRET must be set together (or none: no EMR delivery)',
    );
  if ((values.S3_ACCESS_KEY_ID === undefined) !== (values.S3_SECRET_ACCESS_KEY === undefined))
    throw new ConfigError(
      "Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together (or none, for the SDK's default credentials)",
    );
  // A forgotten S3_BUCKET would otherwise put documents on local disk while the rest points at a bucket.
  const s3Settings = [
    'S3_ENDPOINT',
    'S3_REGION',
    'S3_ACCESS_KEY_ID',
    'S3_SECRET_ACCESS_KEY',
    'S3_FORCE_PATH_STYLE',
  ] as const;
  const strayS3Settings = s3Settings.filter((key) => key in present);
  const lastStray = strayS3Settings.pop();
  if (!values.S3_BUCKET && lastStray)
    throw new ConfigError(
      `Invalid configuration: ${strayS3Settings.length > 0 ? `${strayS3Settings.join(', ')} and ${lastStray} are` : `${lastStray} is`} set but S3_BUCKET is not (set S3_BUCKET to store documents in S3, or unset the S3_* variables to store them under DATA_DIR)`,
    );
  const vendors: Config['vendors'] = {
    zoll: vendor('Zoll', 'ZOLL'),
    infobionic: vendor('InfoBionic', 'INFOBIONIC'),
    biobeat: vendor('Biobeat', 'BIOBEAT'),
    emr:
      values.EMR_FHIR_URL && values.EMR_CLIENT_ID && values.EMR_CLIENT_SECRET
        ? { url: values.EMR_FHIR_URL, clientId: values.EMR_CLIENT_ID, clientSecret: values.EMR_CLIENT_SECRET }
        : undefined,
    timeoutMs: values.VENDOR_TIMEOUT_MS,
    retry: { retries: values.VENDOR_RETRIES, initialDelayMs: values.VENDOR_RETRY_INITIAL_DELAY_MS },
    outbox: {
      enabled: values.VENDOR_OUTBOX === 'true',
      pollMs: values.VENDOR_OUTBOX_POLL_MS,
      claimSeconds: values.VENDOR_OUTBOX_CLAIM_SECONDS,
    },
  };
  return {
    vendors,
    port: values.PORT,
    host: values.HOST,
    publicUrl,
    dataDir: path.resolve(invocationDir, values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    logLevel: values.LOG_LEVEL,
    webDistDir: path.resolve(invocationDir, values.WEB_DIST_DIR),
    appTitle: values.APP_TITLE,
    identity:
      values.OIDC_ISSUER && values.OIDC_CLIENT_ID && values.OIDC_AUDIENCE
        ? {
            kind: 'external',
            // Kept verbatim: some providers' issuers end with '/', and the iss claim must match exactly.
            issuer: values.OIDC_ISSUER,
            clientId: values.OIDC_CLIENT_ID,
            audience: values.OIDC_AUDIENCE,
          }
        : {
            kind: 'embedded',
            issuer: `${publicUrl}/idp`,
            clientId: 'portal-web',
            audience: `${publicUrl}/api`,
          },
    demoData: values.DEMO_DATA === 'true',
    demoPassword: values.DEMO_PASSWORD,
    loginRateLimitPerMinute: values.LOGIN_RATE_LIMIT_PER_MINUTE,
    maxPdfBytes: values.MAX_PDF_BYTES,
    demoDocuments: values.DEMO_DOCUMENTS,
    storage: values.S3_BUCKET
      ? {
          kind: 's3',
          bucket: values.S3_BUCKET,
          endpoint: values.S3_ENDPOINT,
          region: values.S3_REGION,
          forcePathStyle: values.S3_FORCE_PATH_STYLE === 'true',
          credentials:
            values.S3_ACCESS_KEY_ID && values.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: values.S3_ACCESS_KEY_ID, secretAccessKey: values.S3_SECRET_ACCESS_KEY }
              : undefined,
        }
      : { kind: 'disk', dir: path.resolve(invocationDir, values.DATA_DIR, 'blobs') },
    realtime:
      values.PUSHER_APP_ID && values.PUSHER_KEY && values.PUSHER_SECRET && values.PUSHER_CLUSTER
        ? {
            kind: 'hosted',
            appId: values.PUSHER_APP_ID,
            key: values.PUSHER_KEY,
            secret: values.PUSHER_SECRET,
            cluster: values.PUSHER_CLUSTER,
            host: values.PUSHER_HOST,
            useTLS: values.PUSHER_USE_TLS === 'true',
          }
        : { kind: 'local' },
    smtpUrl: values.SMTP_URL,
    emailFrom: values.EMAIL_FROM,
    reminderHourUtc: values.REMINDER_HOUR_UTC,
    reminders: values.REMINDERS === 'true',
    escalations: { enabled: values.ESCALATIONS === 'true', pollMs: values.ESCALATION_POLL_MS },
    metrics: {
      dailyReport: values.DAILY_REPORT === 'true',
      dailyReportHourUtc: values.DAILY_REPORT_HOUR_UTC,
      compactMs: values.METRICS_COMPACT_MS,
    },
    trustProxy: (values.TRUST_PROXY ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
    auditKey: values.AUDIT_KEY,
    auditSealDir: path.resolve(
      invocationDir,
      values.AUDIT_SEAL_DIR ?? path.join(values.DATA_DIR, 'audit-seals'),
    ),
    auditSealIntervalMinutes: values.AUDIT_SEAL_INTERVAL_MINUTES,
    redisUrl: values.REDIS_URL,
    loginRateLimitPerAccountPerMinute: values.LOGIN_RATE_LIMIT_PER_ACCOUNT_PER_MINUTE,
    pdfChecks: {
      perCaller: values.PDF_CHECKS_PER_CALLER,
      queueLimit: values.PDF_CHECK_QUEUE_LIMIT,
      timeoutMs: values.PDF_CHECK_TIMEOUT_MS,
      maxInflatedBytes: values.PDF_MAX_INFLATED_BYTES,
    },
    pdfScrapeTimeoutMs: values.PDF_SCRAPE_TIMEOUT_MS,
    commentMetadataMaxBytes: values.COMMENT_METADATA_MAX_BYTES,
    realtimeLimits: {
      maxConnections: values.REALTIME_MAX_CONNECTIONS,
      maxConnectionsPerIp: values.REALTIME_MAX_CONNECTIONS_PER_IP,
      subscribeTimeoutSeconds: values.REALTIME_SUBSCRIBE_TIMEOUT_SECONDS,
    },
    fileMaker:
      values.FILEMAKER_URL && values.FILEMAKER_DATABASE && values.FILEMAKER_USER && values.FILEMAKER_PASSWORD
        ? {
            url: values.FILEMAKER_URL,
            database: values.FILEMAKER_DATABASE,
            layout: values.FILEMAKER_LAYOUT,
            user: values.FILEMAKER_USER,
            password: values.FILEMAKER_PASSWORD,
            syncTimeoutMs: values.FILEMAKER_SYNC_TIMEOUT_MS,
          }
        : undefined,
  };
}
