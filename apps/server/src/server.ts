import closeWithGrace from 'close-with-grace';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { type DatabaseHandle, openDatabase } from './db/client';
import { DataDirLockedError } from './db/data-dir-lock';
import { migrateToLatest } from './db/migrate';
import { seedDemoData } from './db/seed-demo-data';
import { seedDemoDocuments } from './db/seed-demo-documents';
import { writeDemoPrintouts } from './db/write-demo-printouts';
import { AuditKeyError } from './modules/audit/audit-keyring';
import { AuditSealLogError } from './modules/audit/audit-seal-log';
import { openAuditTrail } from './modules/audit/open-audit-trail';
import type { DocumentStorage } from './modules/documents/storage/file-storage';
import { openDocumentStorage } from './modules/documents/storage/open-document-storage';
import { ObjectStoreError } from './modules/documents/storage/s3-storage';
import { loggableError } from './plugins/error-handler';

/** Starts the portal: configuration, database and migrations, then one HTTP server for API and web app. */
async function start() {
  const config = loadConfig();
  // With S3_BUCKET, one request to the bucket before anything else: a wrong bucket, endpoint or key stops
  // start-up saying so, rather than the first upload failing.
  const documents = openDocumentStorage(config);
  try {
    await documents.check();
  } catch (error) {
    documents.close();
    throw error;
  }
  const database = await openDatabase(config);
  try {
    await migrateToLatest(database.db);
    // The audit key is in place before anything records an event (demo seeding included), and every
    // chain is sealed before a new event is written: that anchors the unkeyed events of older versions,
    // and a signature committed just before a crash, whose seal was not yet written (issue 31).
    const auditTrail = await openAuditTrail(database.db, config);
    await auditTrail.sealAtStartUp({ warn: (object, message) => console.warn(message, object) });
    const storage = documents.storage;
    if (config.demoData) await seedDemoData(database.db, { password: config.demoPassword });
    const app = await buildApp({ config, db: database.db, listen: database.listen, storage, auditTrail });
    const stopSeeding = new AbortController();
    app.addHook('onClose', async () => {
      stopSeeding.abort();
      await demoDocuments;
      // A clean stop leaves every chain sealed, so nothing written since the last hour goes unanchored.
      await auditTrail.seal().catch((error: Error) => {
        app.log.error({ err: loggableError(error) }, 'audit sealing failed');
      });
      await database.close();
      documents.close();
    });
    let demoDocuments: Promise<unknown> = Promise.resolve();

    closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
      if (err) app.log.error({ err: loggableError(err) }, 'shutting down after an error');
      else app.log.info({ signal }, 'shutting down');
      await app.close();
    });

    await app.listen({ port: config.port, host: config.host });
    app.log.info(
      { engine: database.engine, publicUrl: config.publicUrl, documents: documents.description },
      `Portal ready at ${config.publicUrl} (listening on ${config.host}:${config.port})`,
    );
    // The demo documents (with their generated PDFs) take a while on a first start: the portal serves
    // meanwhile, and the inbox fills batch by batch.
    if (config.demoData) {
      demoDocuments = seedDemoDocumentsInBackground(
        app.log,
        database.db,
        storage,
        config.demoDocuments,
        stopSeeding.signal,
        config.dataDir,
      );
    }
  } catch (error) {
    await database.close();
    documents.close();
    throw error;
  }
}

async function seedDemoDocumentsInBackground(
  log: FastifyBaseLogger,
  db: DatabaseHandle['db'],
  storage: DocumentStorage,
  count: number,
  signal: AbortSignal,
  dataDir: string,
) {
  const started = Date.now();
  let lastLog = 0;
  try {
    const seeded = await seedDemoDocuments(db, storage, {
      count,
      signal,
      onProgress: (done, total) => {
        if (Date.now() - lastLog < 5000 && done !== total) return;
        lastLog = Date.now();
        log.info({ done, total }, `Creating demo documents: ${done} of ${total}`);
      },
    });
    if (seeded) log.info(`Demo documents ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    // Issue 29 §4: printouts to try the device check's PDF reading with (README: Demo printouts).
    const printouts = await writeDemoPrintouts(db, dataDir);
    if (printouts) log.info(`Demo interrogation printouts in ${printouts}`);
  } catch (error) {
    if (!signal.aborted) log.error({ err: loggableError(error as Error) }, 'demo documents failed');
  }
}

try {
  await start();
} catch (error) {
  // Start-up problems a person can fix get one clear line, not a stack trace.
  if (
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof AuditKeyError ||
    error instanceof AuditSealLogError ||
    error instanceof ObjectStoreError
  ) {
    console.error(`Cannot start the portal: ${error.message}`);
  } else {
    console.error('Cannot start the portal:', error);
  }
  process.exit(1);
}
