import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DataDirLockedError } from './db/data-dir-lock';
import { auditKeyMismatch, readPinnedAuditKeyId } from './modules/audit/audit-key-pin';
import { AuditKeyError, loadAuditKeyring } from './modules/audit/audit-keyring';
import { formatAuditReport } from './modules/audit/format-audit-report';
import { chainFor } from './modules/audit/record-audit-event';
import { type VerifyScope, verifyAuditTrail } from './modules/audit/verify-audit-chain';

// `npm run audit:verify`: checks the audit chains of the configured database (DATA_DIR or DATABASE_URL)
// against the seal log, with the same settings as the server. Exit code 0: intact; 1: not intact;
// 2: could not verify (configuration, key, database in use or not migrated).

const USAGE = `Usage: npm run audit:verify [-- options]
  --clinic <npi>   check only this clinic's chain
  --chain global   check only the chain of changes that belong to no clinic
  --json           print the report as JSON
  --public-key     print the seal log's Ed25519 public key (PEM) for auditors, and exit
Settings come from the environment as for npm start: DATA_DIR or DATABASE_URL, AUDIT_KEY, AUDIT_SEAL_DIR.`;

/** A problem that stops verification, told in one line. */
class CannotVerifyError extends Error {}

function describeDatabase(config: { databaseUrl: string | undefined; dataDir: string }): string {
  if (!config.databaseUrl) return `PGlite in ${config.dataDir}`;
  const url = new URL(config.databaseUrl);
  return `PostgreSQL at ${url.host}${url.pathname}`; // never the credentials
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      clinic: { type: 'string' },
      chain: { type: 'string' },
      json: { type: 'boolean', default: false },
      'public-key': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (values.clinic !== undefined && !/^\d{10}$/.test(values.clinic))
    throw new CannotVerifyError('--clinic must be a 10-digit NPI.');
  if (values.chain !== undefined && values.chain !== 'global')
    throw new CannotVerifyError('--chain accepts only global (use --clinic <npi> for a clinic).');
  if (values.clinic !== undefined && values.chain !== undefined)
    throw new CannotVerifyError('Give --clinic or --chain, not both.');
  const scope: VerifyScope = values.clinic
    ? { chain: chainFor(values.clinic) }
    : values.chain
      ? { chain: values.chain }
      : 'all';

  const config = loadConfig();
  const keyring = loadAuditKeyring(config, { create: false });
  if (values['public-key']) {
    process.stdout.write(keyring.sealPublicKeyPem);
    return 0;
  }
  if (!config.databaseUrl && !fs.existsSync(path.join(config.dataDir, 'pg'))) {
    throw new CannotVerifyError(
      `There is no portal database in DATA_DIR ${config.dataDir}: set DATA_DIR (or DATABASE_URL) as for npm start.`,
    );
  }
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase(config);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      const owner = /pid (\d+)/.exec(error.message)?.[1];
      throw new CannotVerifyError(
        `DATA_DIR ${config.dataDir} is in use by a running portal${owner ? ` (pid ${owner})` : ''}, and the ` +
          'embedded database can be opened by one process at a time: stop the portal and run npm run audit:verify ' +
          'again, or ask the running portal (GET /api/audit/verify as an administrator).',
      );
    }
    throw error;
  }
  try {
    // Probed, not looked up by migration name: what matters is that events say how they are linked.
    const migrated = await sql`SELECT link_version FROM audit_events LIMIT 0`.execute(database.db).then(
      () => true,
      () => false,
    );
    if (!migrated) {
      throw new CannotVerifyError(
        'The database has not been migrated to this version: start the portal once, or run npm run db:migrate.',
      );
    }
    const pinned = await readPinnedAuditKeyId(database.db);
    if (pinned && pinned !== keyring.keyId) throw auditKeyMismatch(keyring.keyId, pinned);
    const report = await verifyAuditTrail(database.db, { keyring, sealDir: config.auditSealDir, scope });
    console.log(
      values.json
        ? JSON.stringify(report, null, 2)
        : formatAuditReport(report, { database: describeDatabase(config), sealDir: config.auditSealDir }),
    );
    return report.intact ? 0 : 1;
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await main();
} catch (error) {
  if (
    error instanceof CannotVerifyError ||
    error instanceof ConfigError ||
    error instanceof AuditKeyError ||
    (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))
  ) {
    console.error(`Cannot verify the audit trail: ${error.message}`);
    if (error instanceof TypeError) console.error(USAGE);
  } else {
    // A PostgreSQL error's message can quote the values it choked on: then only its type and code.
    const { name, message, code, severity } = error as Error & { code?: string; severity?: string };
    console.error(
      `Cannot verify the audit trail: ${name}${code ? ` (${code})` : ''}${severity ? '' : `: ${message}`}`,
    );
  }
  process.exitCode = 2;
}
