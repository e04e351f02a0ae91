import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../../test-support/s3-server';
import { copyBlobs } from './copy-blobs';
import { createFileStorage, type DocumentStorage } from './file-storage';
import { createS3Client, createS3Storage, type S3DocumentStorage } from './s3-storage';
import { locationOf, pdfBytes } from './storage-contract';

// Moving a disk store into a bucket (npm run storage:copy-to-s3): an operator copies, copies again,
// and finds out about damage on either side. No database: it runs unchanged under both projects.

const repoRoot = path.resolve(import.meta.dirname, '../../../../../..');
const cli = path.join(repoRoot, 'apps/server/src/storage-copy-cli.ts');

let s3: TestS3Server;
let client: S3Client;
let folder: string;
let blobs: string;
let disk: DocumentStorage;
let bucket: S3DocumentStorage;
const puts: string[] = [];

beforeAll(async () => {
  s3 = await startS3Server();
  client = createS3Client({
    bucket: s3.bucket,
    endpoint: s3.endpoint,
    region: s3.region,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  });
  // Counts the objects the copy writes.
  client.middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName === 'PutObjectCommand') puts.push(context.commandName);
      return next(args);
    },
    { step: 'initialize', name: 'countPuts' },
  );
  folder = await mkdtemp(path.join(tmpdir(), 'copy-blobs-'));
  blobs = path.join(folder, 'blobs');
  disk = createFileStorage(blobs);
  bucket = createS3Storage({ bucket: s3.bucket, client });
});
afterAll(async () => {
  client?.destroy();
  await s3?.stop();
  if (folder) await rm(folder, { recursive: true, force: true });
});

async function keysInBucket(): Promise<string[]> {
  const page = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
  return (page.Contents ?? []).map((object) => object.Key ?? '').sort();
}

async function objectInBucket(sha256: string): Promise<Buffer> {
  const response = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: locationOf(sha256) }));
  return Buffer.from((await response.Body?.transformToByteArray()) ?? []);
}

/** Flips one bit of a blob on disk, behind the store's back. */
async function damageOnDisk(sha256: string): Promise<void> {
  const file = path.join(blobs, locationOf(sha256));
  const bytes = await readFile(file);
  bytes.writeUInt8(bytes.readUInt8(bytes.length - 2) ^ 0x01, bytes.length - 2);
  await writeFile(file, bytes);
}

/** `npm run storage:copy-to-s3` as a process, with the environment npm start would have. */
function runCli(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', cli], {
    cwd: repoRoot,
    env: { ...process.env, INIT_CWD: repoRoot, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

describe('copying the documents on disk into the S3 bucket', () => {
  const reports = [pdfBytes('report one'), pdfBytes('report two'), pdfBytes('report three')];
  const hashes: string[] = [];

  it('copies every blob, reads each back from the bucket to check it, and ignores what is not a blob', async () => {
    for (const report of reports) hashes.push((await disk.put(report)).sha256);
    // A put a running portal has in progress, and a file someone left in the folder.
    const firstFolder = path.join(
      blobs,
      locationOf(hashes[0] ?? '')
        .split('/')
        .slice(0, 2)
        .join('/'),
    );
    await writeFile(path.join(firstFolder, `.${hashes[0]}.in-progress.tmp`), 'partial');
    await mkdir(path.join(blobs, 'lost+found'));

    const report = await copyBlobs({ from: blobs, to: bucket });

    expect(report).toEqual({
      found: 3,
      copied: 3,
      alreadyThere: 0,
      corruptedOnDisk: [],
      differentInTarget: [],
      failed: [],
      ignored: ['lost+found'],
    });
    expect(await keysInBucket()).toEqual(hashes.map(locationOf).sort());
    for (const [index, hash] of hashes.entries())
      expect((await objectInBucket(hash)).equals(Buffer.from(reports[index] ?? []))).toBe(true);
  });

  it('run again, writes nothing and checks everything', async () => {
    puts.length = 0;

    const report = await copyBlobs({ from: blobs, to: bucket, concurrency: 2 });

    expect(report).toMatchObject({ found: 3, copied: 0, alreadyThere: 3, corruptedOnDisk: [], failed: [] });
    expect(puts).toEqual([]);
  });

  it('does not copy a blob damaged on disk, and says which', async () => {
    const damaged = (await disk.put(pdfBytes('damaged before it was copied'))).sha256;
    const added = (await disk.put(pdfBytes('added since the last run'))).sha256;
    await damageOnDisk(damaged);

    const report = await copyBlobs({ from: blobs, to: bucket });

    expect(report).toMatchObject({
      found: 5,
      copied: 1,
      alreadyThere: 3,
      corruptedOnDisk: [damaged],
      failed: [],
    });
    expect(await keysInBucket()).toContain(locationOf(added));
    expect(await keysInBucket()).not.toContain(locationOf(damaged));
  });

  it('finds a bucket object whose bytes do not match its hash, and leaves it for a person to look at', async () => {
    const tampered = hashes[1] ?? '';
    const other = Buffer.from(pdfBytes('not what was signed'));
    await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: locationOf(tampered), Body: other }));

    const report = await copyBlobs({ from: blobs, to: bucket });

    expect(report.differentInTarget).toEqual([tampered]);
    expect((await objectInBucket(tampered)).equals(other)).toBe(true);
    // Put right for the command-line runs below.
    await client.send(
      new PutObjectCommand({
        Bucket: s3.bucket,
        Key: locationOf(tampered),
        Body: reports[1] ?? new Uint8Array(),
      }),
    );
  });

  it('as a command: counts, then exit code 1 while a blob is damaged, 0 once every blob is in and checked', async () => {
    const damagedRun = await runCli({ ...s3.env, DATA_DIR: folder });
    expect(damagedRun.output).toContain(
      `Copying the documents in ${blobs} to the S3 bucket "${s3.bucket}" at ${s3.endpoint}`,
    );
    expect(damagedRun.output).toContain(
      '5 blobs found: 0 copied and verified, 4 already in the bucket and verified.',
    );
    expect(damagedRun.output).toMatch(/1 corrupted on disk .*, not copied:\n {2}[0-9a-f]{64}\n/);
    expect(damagedRun.code).toBe(1);

    await rm(path.join(blobs, 'lost+found'), { recursive: true });
    const damaged = /corrupted on disk.*:\n {2}([0-9a-f]{64})/.exec(damagedRun.output)?.[1] ?? '';
    await rm(path.join(blobs, locationOf(damaged)));
    const cleanRun = await runCli({ ...s3.env, DATA_DIR: folder });
    expect(cleanRun.output).toContain(
      '4 blobs found: 0 copied and verified, 4 already in the bucket and verified.',
    );
    expect(cleanRun.output).toContain('Every blob is in the bucket and matches its hash.');
    expect(cleanRun.code).toBe(0);
  });

  it('as a command: exit code 2 and one line when it cannot start', async () => {
    const withoutBucket = await runCli({ DATA_DIR: folder, S3_BUCKET: '' });
    expect(withoutBucket.output.trim()).toBe(
      'Cannot copy the documents: S3_BUCKET is not set: set the S3_* variables as for npm start with S3.',
    );
    expect(withoutBucket.code).toBe(2);

    const missingBucket = await runCli({ ...s3.env, S3_BUCKET: 'no-such-bucket', DATA_DIR: folder });
    expect(missingBucket.output.trim()).toBe(
      `Cannot use the S3 bucket "no-such-bucket" at ${s3.endpoint}: the bucket does not exist`,
    );
    expect(missingBucket.code).toBe(2);
  });

  it('reads each written blob back: one damaged on the way is reported, not counted as copied', async () => {
    const sha256 = (await disk.put(pdfBytes('damaged on the way to the bucket'))).sha256;
    const damagingClient = createS3Client({
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      region: s3.region,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    });
    damagingClient.middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName === 'PutObjectCommand')
          (args.input as { Body: unknown }).Body = pdfBytes('damaged on the way to the bucket!');
        return next(args);
      },
      { step: 'initialize', name: 'damageUploads' },
    );

    const report = await copyBlobs({
      from: blobs,
      to: createS3Storage({ bucket: s3.bucket, client: damagingClient }),
    });
    damagingClient.destroy();

    expect(report).toMatchObject({ copied: 0, alreadyThere: 4, differentInTarget: [sha256], failed: [] });
  });
});
