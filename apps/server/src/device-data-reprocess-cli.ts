import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DataDirLockedError } from './db/data-dir-lock';
import { AuditKeyError } from './modules/audit/audit-keyring';
import { openAuditTrail } from './modules/audit/open-audit-trail';
import { reprocessDeviceDataMessages } from './modules/device-data/reprocess-device-data-messages';

// `npm run device-data:reprocess` (issue 28 §1): reads every kept HL7 message again with the current IDCO
// vocabulary and fills its session with the values it lacks. Idempotent; each change is audited. Run it
// with the same settings as the server (DATA_DIR or DATABASE_URL, AUDIT_KEY). Exit 0: done; 2: could not run.

class CannotRunError extends Error {}

async function main(): Promise<number> {
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    console.log(
      'Usage: npm run device-data:reprocess\nReads every kept HL7 device message again and adds the values its session lacks.\nSettings come from the environment as for npm start: DATA_DIR or DATABASE_URL, AUDIT_KEY.',
    );
    return 0;
  }
  const config = loadConfig();
  if (!config.databaseUrl && !fs.existsSync(path.join(config.dataDir, 'pg')))
    throw new CannotRunError(
      `There is no portal database in DATA_DIR ${config.dataDir}: set DATA_DIR or DATABASE_URL.`,
    );
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase(config);
  } catch (error) {
    if (error instanceof DataDirLockedError)
      throw new CannotRunError(
        `DATA_DIR ${config.dataDir} is in use by a running portal: the embedded database opens in one process at a time. Stop the portal and run it again.`,
      );
    throw error;
  }
  try {
    const migrated = await sql`SELECT id FROM device_data_messages LIMIT 0`.execute(database.db).then(
      () => true,
      () => false,
    );
    if (!migrated)
      throw new CannotRunError('The database has not been migrated to this version: start the portal once.');
    await openAuditTrail(database.db, config);
    const summary = await reprocessDeviceDataMessages(database.db);
    console.log(
      `Device data reprocessed: ${summary.messages} messages read, ${summary.sessionsFilled} sessions filled with ${summary.valuesAdded} values${summary.unreadable ? `, ${summary.unreadable} unreadable` : ''}.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await main();
} catch (error) {
  if (error instanceof CannotRunError || error instanceof ConfigError || error instanceof AuditKeyError) {
    console.error(`Cannot reprocess device data: ${error.message}`);
  } else {
    // A PostgreSQL error's message can quote the values it choked on: then only its type and code.
    const { name, message, code, severity } = error as Error & { code?: string; severity?: string };
    console.error(
      `Cannot reprocess device data: ${name}${code ? ` (${code})` : ''}${severity ? '' : `: ${message}`}`,
    );
  }
  process.exitCode = 2;
}
