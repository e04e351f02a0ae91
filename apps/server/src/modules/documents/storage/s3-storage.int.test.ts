import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CreateBucketCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config';
import { startS3Server, type TestS3Server } from '../../../test-support/s3-server';
import { findFreePort, startServerProcess } from '../../../test-support/server-process';
import { BlobCorruptedError } from './file-storage';
import { openDocumentStorage } from './open-document-storage';
import { createS3Client, createS3Storage, ObjectStoreError, type S3Connection } from './s3-storage';
import { describeDocumentStorage, locationOf, pdfBytes, sha256Of } from './storage-contract';

// The S3 store against a real S3-protocol server (s3rver, started here): the storage contract every store
// keeps, then what is particular to a bucket: prefixes, the conditional write, and a store that fails.
// No database: it runs unchanged under both integration projects.

let s3: TestS3Server;
let admin: S3Client;
const connectionOf = (server: TestS3Server, bucket = server.bucket): S3Connection => ({
  bucket,
  endpoint: server.endpoint,
  region: server.region,
  forcePathStyle: true,
  credentials: { accessKeyId: server.accessKeyId, secretAccessKey: server.secretAccessKey },
});

beforeAll(async () => {
  s3 = await startS3Server();
  admin = createS3Client(connectionOf(s3));
});
afterAll(async () => {
  admin?.destroy();
  await s3?.stop();
});

async function listKeys(bucket: string, prefix = ''): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await admin.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
    );
    keys.push(...(page.Contents ?? []).map((object) => object.Key ?? ''));
    token = page.NextContinuationToken;
  } while (token);
  return keys.map((key) => key.slice(prefix.length)).sort();
}

async function readKey(bucket: string, key: string): Promise<Uint8Array> {
  const response = await admin.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  return (await response.Body?.transformToByteArray()) ?? new Uint8Array();
}

let buckets = 0;
/** A new, empty bucket on the test server. */
async function createBucket(): Promise<string> {
  const bucket = `contract-${++buckets}`;
  await admin.send(new CreateBucketCommand({ Bucket: bucket }));
  return bucket;
}

describeDocumentStorage('in an S3 bucket', async () => {
  const bucket = await createBucket();
  const storage = createS3Storage(connectionOf(s3, bucket));
  return {
    storage,
    listObjects: () => listKeys(bucket),
    readObject: (location) => readKey(bucket, location),
    // Someone with write access to the bucket, going around the portal.
    replaceObject: async (location, bytes) => {
      await admin.send(new PutObjectCommand({ Bucket: bucket, Key: location, Body: bytes }));
    },
    cleanUp: async () => storage.close(),
  };
});

/** A client that counts the commands it sends, and can be told to see no existing object on HEAD. */
function instrumentedClient(bucket: string, options: { blindHead?: boolean } = {}) {
  const client = createS3Client(connectionOf(s3, bucket));
  const sent: string[] = [];
  client.middlewareStack.add(
    (next, context) => async (args) => {
      sent.push(context.commandName ?? '?');
      if (options.blindHead && context.commandName === 'HeadObjectCommand') {
        // What a put racing another one sees: the object is not there yet when it looks.
        throw Object.assign(new Error('NotFound'), { name: 'NotFound', $metadata: { httpStatusCode: 404 } });
      }
      return next(args);
    },
    { step: 'initialize', name: 'countCommands' },
  );
  return { client, sent };
}

describe('document storage in an S3 bucket', () => {
  const clients: S3Client[] = [];
  afterEach(() => {
    for (const client of clients.splice(0)) client.destroy();
  });

  it('keeps its objects under a prefix, so the bucket can hold other things', async () => {
    const bucket = await createBucket();
    const storage = createS3Storage({ ...connectionOf(s3, bucket), prefix: '/portal/documents/' });
    const report = pdfBytes('under a prefix');

    const { sha256 } = await storage.put(report);

    expect(await listKeys(bucket)).toEqual([`portal/documents/${locationOf(sha256)}`]);
    expect(Buffer.from(await storage.get(sha256)).equals(Buffer.from(report))).toBe(true);
    storage.close();
  });

  it('stores and reads back a large scan (12 MB) whole', async () => {
    const bucket = await createBucket();
    const storage = createS3Storage(connectionOf(s3, bucket));
    const scan = new Uint8Array(randomBytes(12 * 1024 * 1024));

    const { sha256, size } = await storage.put(scan);

    expect(size).toBe(scan.byteLength);
    expect(Buffer.from(await storage.get(sha256)).equals(Buffer.from(scan))).toBe(true);
    storage.close();
  });

  it('stores the same bytes again without writing: it reads back what is there to check it', async () => {
    const bucket = await createBucket();
    const { client, sent } = instrumentedClient(bucket);
    clients.push(client);
    const storage = createS3Storage({ bucket, client });
    const report = pdfBytes('signed twice');
    await storage.put(report);
    sent.length = 0;

    await storage.put(new Uint8Array(report));

    expect(sent).toEqual(['HeadObjectCommand', 'GetObjectCommand']);
  });

  it('never replaces an object when a put loses the race: the store refuses the write (412) and the put checks what won', async () => {
    const bucket = await createBucket();
    const report = pdfBytes('stored by the other instance first');
    const first = createS3Storage(connectionOf(s3, bucket));
    const { sha256 } = await first.put(report);
    const { client, sent } = instrumentedClient(bucket, { blindHead: true });
    clients.push(client);
    const late = createS3Storage({ bucket, client });

    expect(await late.put(new Uint8Array(report))).toEqual({ sha256, size: report.byteLength });
    expect(sent).toEqual(['HeadObjectCommand', 'PutObjectCommand', 'GetObjectCommand']);

    // Had the winner's copy been damaged since, the loser reports it and still does not write over it.
    const damaged = pdfBytes('stored by the other instance fir5t');
    await admin.send(new PutObjectCommand({ Bucket: bucket, Key: locationOf(sha256), Body: damaged }));
    await expect(late.put(report)).rejects.toBeInstanceOf(BlobCorruptedError);
    expect(Buffer.from(await readKey(bucket, locationOf(sha256))).equals(Buffer.from(damaged))).toBe(true);
    first.close();
  });

  it('is chosen by S3_BUCKET and the other S3_* settings', async () => {
    const opened = openDocumentStorage(loadConfig(s3.env));
    await opened.check();
    const { sha256 } = await opened.storage.put(pdfBytes('through the configuration'));

    expect(opened.description).toBe(`S3 bucket "${s3.bucket}" at ${s3.endpoint}`);
    expect(await listKeys(s3.bucket)).toContain(locationOf(sha256));
    opened.close();
  });

  describe('when the store cannot be used, says so plainly: bucket, store and reason, never a secret', () => {
    let silent: Server | undefined;
    const sockets: Socket[] = [];
    afterEach(async () => {
      for (const socket of sockets.splice(0)) socket.destroy();
      if (silent) await new Promise((resolve) => silent?.close(resolve));
      silent = undefined;
    });

    /** Every operation fails with an ObjectStoreError matching `message` that leaks no credential. */
    async function expectEveryOperationToFail(storage: ReturnType<typeof createS3Storage>, message: RegExp) {
      const hash = sha256Of(pdfBytes('anything'));
      for (const attempt of [
        () => storage.checkBucket(),
        () => storage.put(pdfBytes('anything')),
        () => storage.get(hash),
        () => storage.has(hash),
      ]) {
        const error = await attempt().then(
          () => undefined,
          (failure: unknown) => failure,
        );
        expect(error).toBeInstanceOf(ObjectStoreError);
        expect((error as Error).message).toMatch(message);
        expect((error as Error).message).not.toContain('secret-key-that-must-not-leak');
      }
    }

    it('a store nobody listens at', async () => {
      const port = await findFreePort();
      const storage = createS3Storage({
        ...connectionOf(s3, 'documents'),
        endpoint: `http://user:secret-key-that-must-not-leak@127.0.0.1:${port}/`,
        maxAttempts: 2,
      });

      await expectEveryOperationToFail(
        storage,
        new RegExp(
          `^Cannot .* the S3 bucket "documents" at http://127\\.0\\.0\\.1:${port}: it could not be reached \\(ECONNREFUSED\\)$`,
        ),
      );
      storage.close();
    });

    it('a store that accepts the connection and never answers: the time-out ends the wait', async () => {
      silent = createServer((socket) => sockets.push(socket));
      await new Promise<void>((resolve) => silent?.listen(0, '127.0.0.1', resolve));
      const address = silent.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const storage = createS3Storage({
        ...connectionOf(s3, 'documents'),
        endpoint: `http://127.0.0.1:${port}`,
        socketTimeoutMs: 300,
        maxAttempts: 1,
      });

      const started = Date.now();
      await expect(storage.has(sha256Of(pdfBytes('anything')))).rejects.toThrow(
        `Cannot look for a document in the S3 bucket "documents" at http://127.0.0.1:${port}: it could not be reached (timed out)`,
      );
      expect(Date.now() - started).toBeLessThan(5_000);
      storage.close();
    });

    it('a bucket that does not exist', async () => {
      const storage = createS3Storage(connectionOf(s3, 'no-such-bucket'));

      await expect(storage.checkBucket()).rejects.toThrow(
        `Cannot use the S3 bucket "no-such-bucket" at ${s3.endpoint}: the bucket does not exist`,
      );
      await expect(storage.put(pdfBytes('nowhere to go'))).rejects.toThrow(
        `Cannot store a document in the S3 bucket "no-such-bucket" at ${s3.endpoint}: the bucket does not exist`,
      );
      storage.close();
    });

    it('credentials the store does not accept', async () => {
      const storage = createS3Storage({
        ...connectionOf(s3),
        credentials: { accessKeyId: 'NOT-A-KEY', secretAccessKey: 'secret-key-that-must-not-leak' },
        maxAttempts: 1,
      });

      await expectEveryOperationToFail(storage, /: access refused \(.+\); check S3_ACCESS_KEY_ID/);
      storage.close();
    });
  });

  it('keeps the portal from starting, before it opens its database, when the bucket cannot be used', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 's3-start-'));
    try {
      const server = startServerProcess({
        ...s3.env,
        S3_BUCKET: 'no-such-bucket',
        DATA_DIR: dataDir,
        PORT: String(await findFreePort()),
      });

      expect(await server.exited).toBe(1);
      expect(server.output().trim()).toBe(
        `Cannot start the portal: Cannot use the S3 bucket "no-such-bucket" at ${s3.endpoint}: the bucket does not exist`,
      );
      expect(await readdir(dataDir)).toEqual([]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
