import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export type TestS3Server = {
  /** `http://127.0.0.1:<port>`: use path-style addressing (S3_FORCE_PATH_STYLE=true). */
  endpoint: string;
  /** A bucket made for this server, empty at the start. */
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The portal's S3_* settings that point it at this bucket. */
  env: Record<string, string>;
  /** Stops the server and removes its files. */
  stop: () => Promise<void>;
};

// s3rver's one built-in account.
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';
const REGION = 'us-east-1';

/**
 * A real S3-protocol server (s3rver) on a free loopback port, its objects in a new temporary folder, with
 * one fresh bucket. Stores in production honour `If-None-Match: *` on PUT (AWS since 2024, MinIO, Ceph
 * RGW): a write to a key that exists answers 412 PreconditionFailed, and of two concurrent ones only one
 * succeeds. s3rver ignores that header and writes into the object's file in place, so here conditional
 * PUTs of one key take turns and the later ones answer 412, as those stores do.
 */
export async function startS3Server(): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), 's3rver-'));
  const bucket = `documents-${randomBytes(4).toString('hex')}`;
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  server.middleware.unshift(honourIfNoneMatch());
  let address: Awaited<ReturnType<S3rver['run']>>;
  try {
    address = await server.run();
  } catch (error) {
    await rm(directory, { recursive: true, force: true });
    throw error;
  }
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    bucket,
    region: REGION,
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: REGION,
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    stop: async () => {
      // Clients keep connections alive: close them, or close() waits for their idle time-out.
      server.httpServer?.closeAllConnections();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** `If-None-Match: *` on a path-style PUT: 412 when the key exists, one write per key at a time. */
function honourIfNoneMatch(): S3rver['middleware'][number] {
  const turns = new Map<string, Promise<void>>();
  return async (context, next) => {
    if (context.method !== 'PUT' || context.get('if-none-match') !== '*') return next();
    const [bucket = '', ...keyParts] = context.path.slice(1).split('/').map(decodeURIComponent);
    const key = keyParts.join('/');
    if (key === '') return next(); // a bucket, not an object
    const id = `${bucket}/${key}`;
    const previous = turns.get(id) ?? Promise.resolve();
    let done = () => {};
    const finished = new Promise<void>((resolve) => {
      done = resolve;
    });
    const mine = previous.then(() => finished);
    turns.set(id, mine);
    await previous;
    try {
      if (await context.store.existsObject(bucket, key)) {
        context.status = 412;
        context.type = 'application/xml';
        context.body =
          '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>PreconditionFailed</Code>' +
          '<Message>At least one of the pre-conditions you specified did not hold</Message>' +
          '<Condition>If-None-Match</Condition></Error>';
        return;
      }
      await next();
    } finally {
      done();
      if (turns.get(id) === mine) turns.delete(id);
    }
  };
}
