import { stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config';
import { type CopyReport, copyBlobs } from './modules/documents/storage/copy-blobs';
import { createS3Storage, ObjectStoreError } from './modules/documents/storage/s3-storage';

// `npm run storage:copy-to-s3`: copies the documents stored on disk (DATA_DIR/blobs) into the S3 bucket
// of the S3_* settings, checking every blob's SHA-256 on disk and again read back from the bucket.
// Idempotent: a blob already in the bucket is checked, not written again. Exit code 0: every blob is in
// the bucket and matches its hash; 1: some are not (corrupted on disk, different in the bucket, or
// failed); 2: could not run (configuration, folder, bucket).

const USAGE = `Usage: npm run storage:copy-to-s3 [-- options]
  --from <folder>       the blobs folder to copy (default: DATA_DIR/blobs)
  --concurrency <n>     blobs copied at once, 1 to 64 (default: 4)
  --json                print the report as JSON
Settings come from the environment as for npm start: DATA_DIR and S3_BUCKET, S3_ENDPOINT, S3_REGION,
S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE.`;

/** A problem that stops the copy before it starts, told in one line. */
class CannotCopyError extends Error {}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      from: { type: 'string' },
      concurrency: { type: 'string', default: '4' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const concurrency = Number(values.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64)
    throw new CannotCopyError('--concurrency must be a whole number from 1 to 64.');

  const config = loadConfig();
  if (config.storage.kind !== 's3')
    throw new CannotCopyError('S3_BUCKET is not set: set the S3_* variables as for npm start with S3.');
  const from = values.from
    ? path.resolve(process.env.INIT_CWD ?? process.cwd(), values.from)
    : path.join(config.dataDir, 'blobs');
  const folder = await stat(from).catch(() => undefined);
  if (!folder?.isDirectory())
    throw new CannotCopyError(
      `There is no blobs folder at ${from}: set DATA_DIR as for npm start, or --from.`,
    );

  const { kind: _kind, ...connection } = config.storage;
  const target = createS3Storage(connection);
  try {
    await target.checkBucket();
    if (!values.json) console.log(`Copying the documents in ${from} to the ${target.description}`);
    let lastProgress = Date.now();
    const report = await copyBlobs({
      from,
      to: target,
      concurrency,
      onProgress: (done) => {
        if (values.json || Date.now() - lastProgress < 5000) return;
        lastProgress = Date.now();
        console.error(`… ${done} blobs done`);
      },
    });
    console.log(values.json ? JSON.stringify(report, null, 2) : formatReport(report));
    return isComplete(report) ? 0 : 1;
  } finally {
    target.close();
  }
}

function isComplete(report: CopyReport): boolean {
  return report.corruptedOnDisk.length + report.differentInTarget.length + report.failed.length === 0;
}

const LISTED = 20;

function formatReport(report: CopyReport): string {
  const lines = [
    `${report.found} blobs found: ${report.copied} copied and verified, ` +
      `${report.alreadyThere} already in the bucket and verified.`,
  ];
  const list = (heading: string, items: string[]) => {
    if (items.length === 0) return;
    lines.push(`${items.length} ${heading}:`);
    lines.push(...items.slice(0, LISTED).map((item) => `  ${item}`));
    if (items.length > LISTED) lines.push(`  … and ${items.length - LISTED} more (--json lists all)`);
  };
  list('corrupted on disk (their bytes no longer match their hash), not copied', report.corruptedOnDisk);
  list('in the bucket with bytes that do not match their hash, left as they are', report.differentInTarget);
  list(
    'could not be copied',
    report.failed.map(({ sha256, reason }) => `${sha256}: ${reason}`),
  );
  list('files that are not blobs (ab/cd/<sha256>), ignored', report.ignored);
  if (isComplete(report)) lines.push('Every blob is in the bucket and matches its hash.');
  else lines.push('Not every blob is in the bucket and matches its hash: see above.');
  if (report.failed.length > 0)
    lines.push('Run again to copy the ones that could not be copied: the rest is skipped.');
  return lines.join('\n');
}

try {
  process.exitCode = await main();
} catch (error) {
  if (
    error instanceof CannotCopyError ||
    error instanceof ConfigError ||
    error instanceof ObjectStoreError ||
    (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))
  ) {
    // A store error already says what could not be done with which bucket.
    console.error(
      error instanceof ObjectStoreError ? error.message : `Cannot copy the documents: ${error.message}`,
    );
    if (error instanceof TypeError) console.error(USAGE);
  } else {
    const { name, code } = error as Error & { code?: string };
    console.error(`Cannot copy the documents: ${name}${code ? ` (${code})` : ''}`);
  }
  process.exitCode = 2;
}
