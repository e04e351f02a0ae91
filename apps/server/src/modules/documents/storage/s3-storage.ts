import { createHash } from 'node:crypto';
import {
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import {
  BlobCorruptedError,
  BlobNotFoundError,
  blobLocation,
  type DocumentStorage,
  type StoredBlob,
} from './file-storage';

/** How to reach a bucket: AWS S3 (no endpoint) or an S3-compatible store such as MinIO or Ceph RGW. */
export type S3Connection = {
  bucket: string;
  /** An S3-compatible store's address; unset: AWS S3 in `region`. */
  endpoint?: string | undefined;
  region: string;
  /** `bucket` in the path (`http://host/bucket/key`) rather than the host name; most stores other than AWS need it. */
  forcePathStyle?: boolean | undefined;
  /** Unset: the SDK's default credential chain (environment, profile, instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** The time to open a connection, the time a connection may go without a byte, and attempts per call. */
  connectionTimeoutMs?: number | undefined;
  socketTimeoutMs?: number | undefined;
  maxAttempts?: number | undefined;
};

export type S3StorageOptions = {
  /** Keys go under this prefix (`portal/` gives `portal/ab/cd/<sha256>`); none by default. */
  prefix?: string | undefined;
} & (
  | (S3Connection & { client?: undefined })
  /** A client made by the caller (tests instrument theirs); endpoint and region then only name the store in messages. */
  | { bucket: string; client: S3Client; endpoint?: string | undefined; region?: string | undefined }
);

export type S3DocumentStorage = DocumentStorage & {
  /** One request to the bucket; throws ObjectStoreError saying what is wrong (start-up calls it). */
  checkBucket(): Promise<void>;
  /** Where the blobs go, for messages: the bucket and the store, never credentials. */
  readonly description: string;
  /** Closes the connections of the client this storage made (not of a client it was given). */
  close(): void;
};

/**
 * The bucket could not be used: unreachable, missing, refusing the credentials, or answering with an
 * error. The message names the bucket, the store and the S3 error code or network error; never a
 * credential or document content. `code` is that error code, for the logs.
 */
export class ObjectStoreError extends Error {
  override name = 'ObjectStoreError';
  constructor(
    message: string,
    readonly code: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

const DEFAULT_CONNECTION_TIMEOUT_MS = 5_000;
const DEFAULT_SOCKET_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_ATTEMPTS = 3;
/** AWS answers 409 while another conditional write of the same key is in flight: look again, a few times. */
const CONFLICT_RETRIES = 5;

/** Makes the SDK client for a connection: its own time-outs and retries, no checksum the store may not know. */
export function createS3Client(connection: S3Connection): S3Client {
  return new S3Client({
    region: connection.region,
    ...(connection.endpoint ? { endpoint: connection.endpoint } : {}),
    forcePathStyle: connection.forcePathStyle ?? false,
    ...(connection.credentials ? { credentials: connection.credentials } : {}),
    maxAttempts: connection.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    requestHandler: {
      connectionTimeout: connection.connectionTimeoutMs ?? DEFAULT_CONNECTION_TIMEOUT_MS,
      // Inactivity, not total time: a 50 MB upload on a slow link is fine as long as bytes move.
      socketTimeout: connection.socketTimeoutMs ?? DEFAULT_SOCKET_TIMEOUT_MS,
    },
    // The SDK's default CRC32 trailers (aws-chunked) are refused by some S3-compatible stores. A put sends
    // its own SHA-256 checksum instead, and every read is checked against the key's SHA-256 anyway.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * Content-addressed blobs in an S3 bucket, behaving as the disk store does: the key is
 * `[prefix]ab/cd/<sha256>`; a put skips an object that is already there (after checking its bytes) and
 * otherwise writes with `If-None-Match: *`, so a stored object is never replaced, even by a concurrent
 * put (412: it is there now, so it is checked like any existing one); every read recomputes the SHA-256
 * and throws BlobCorruptedError on a mismatch. The put also sends `x-amz-checksum-sha256`, which AWS and
 * MinIO verify on arrival; with a store that ignores it, every read is still checked.
 */
export function createS3Storage(options: S3StorageOptions): S3DocumentStorage {
  const { bucket } = options;
  const client = options.client ?? createS3Client(options);
  const prefix = normalisePrefix(options.prefix);
  const description = describeBucket(options);
  const keyOf = (sha256: string) => `${prefix}${blobLocation(sha256).join('/')}`;
  const failure = (error: unknown, action: string) => objectStoreError(error, action, description);

  async function exists(key: string): Promise<boolean> {
    try {
      await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      return true;
    } catch (error) {
      // A missing bucket also answers 404 to HEAD (no body to tell them apart): the put that follows
      // then fails saying NoSuchBucket, and start-up's checkBucket says it first.
      if (statusOf(error) === 404) return false;
      throw failure(error, 'look for a document in');
    }
  }

  /** The object's bytes, or undefined when there is no such key. */
  async function read(key: string): Promise<Uint8Array | undefined> {
    try {
      const response = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      if (!response.Body) throw new Error('S3 answered without a body');
      return await response.Body.transformToByteArray();
    } catch (error) {
      const name = errorName(error);
      if (name === 'NoSuchKey' || (statusOf(error) === 404 && name !== 'NoSuchBucket')) return undefined;
      throw failure(error, 'read a document from');
    }
  }

  /**
   * Same hash means same bytes, unless the object was damaged: checked, never assumed, never replaced.
   * Undefined if the object has gone since it was seen (a lifecycle rule, an operator): the put goes on.
   */
  async function confirmStored(key: string, sha256: string, size: number): Promise<StoredBlob | undefined> {
    const stored = await read(key);
    if (stored === undefined) return undefined;
    if (sha256Hex(stored) !== sha256) throw new BlobCorruptedError(sha256);
    return { sha256, size };
  }

  return {
    description,

    async put(bytes) {
      const digest = createHash('sha256').update(bytes).digest();
      const sha256 = digest.toString('hex');
      const key = keyOf(sha256);
      for (let attempt = 0; ; attempt++) {
        if (await exists(key)) {
          const stored = await confirmStored(key, sha256, bytes.byteLength);
          if (stored) return stored;
        }
        try {
          await client.send(
            new PutObjectCommand({
              Bucket: bucket,
              Key: key,
              Body: bytes,
              ContentLength: bytes.byteLength,
              ContentType: 'application/octet-stream',
              IfNoneMatch: '*',
              ChecksumSHA256: digest.toString('base64'),
            }),
          );
          return { sha256, size: bytes.byteLength };
        } catch (error) {
          const name = errorName(error);
          if (name === 'PreconditionFailed' || statusOf(error) === 412) {
            const stored = await confirmStored(key, sha256, bytes.byteLength);
            if (stored) return stored;
          }
          if (
            attempt < CONFLICT_RETRIES &&
            (name === 'ConditionalRequestConflict' || statusOf(error) === 412)
          ) {
            await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
            continue;
          }
          throw failure(error, 'store a document in');
        }
      }
    },

    async get(sha256) {
      const bytes = await read(keyOf(sha256));
      if (bytes === undefined) throw new BlobNotFoundError(sha256);
      if (sha256Hex(bytes) !== sha256) throw new BlobCorruptedError(sha256);
      return bytes;
    },

    async has(sha256) {
      return exists(keyOf(sha256));
    },

    async checkBucket() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
      } catch (error) {
        throw failure(error, 'use');
      }
    },

    close() {
      if (!options.client) client.destroy();
    },
  };
}

function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function normalisePrefix(prefix: string | undefined): string {
  const trimmed = (prefix ?? '').replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? '' : `${trimmed}/`;
}

/** `S3 bucket "docs" at http://minio:9000`, or `… in AWS S3 (eu-central-1)`: no credentials, no path. */
export function describeBucket(connection: {
  bucket: string;
  endpoint?: string | undefined;
  region?: string | undefined;
}): string {
  const bucket = `S3 bucket "${connection.bucket}"`;
  if (!connection.endpoint) return connection.region ? `${bucket} in AWS S3 (${connection.region})` : bucket;
  let origin: string;
  try {
    origin = new URL(connection.endpoint).origin; // drops any user:password@ and path
  } catch {
    origin = 'an invalid endpoint';
  }
  return `${bucket} at ${origin}`;
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
]);
const CREDENTIAL_ERRORS = new Set([
  'AccessDenied',
  'InvalidAccessKeyId',
  'SignatureDoesNotMatch',
  'InvalidToken',
  'ExpiredToken',
  'CredentialsProviderError',
]);

/** One line a person can act on. The SDK's own message is not repeated: a store may quote the request in it. */
function objectStoreError(error: unknown, action: string, where: string): ObjectStoreError {
  // The SDK names an error it could not read a code from (a HEAD answer has no body) 'Unknown'.
  const given = errorName(error);
  const name = given === undefined || given === 'Unknown' ? 'Error' : given;
  const status = statusOf(error);
  const code = networkCode(error);
  const cause = { cause: error };
  if (code !== undefined || name === 'TimeoutError') {
    const reason = code ?? 'timed out';
    return new ObjectStoreError(
      `Cannot ${action} the ${where}: it could not be reached (${reason})`,
      reason,
      cause,
    );
  }
  if (name === 'NoSuchBucket' || (action === 'use' && status === 404))
    return new ObjectStoreError(
      `Cannot ${action} the ${where}: the bucket does not exist`,
      'NoSuchBucket',
      cause,
    );
  if (CREDENTIAL_ERRORS.has(name) || status === 403 || status === 401)
    return new ObjectStoreError(
      `Cannot ${action} the ${where}: access refused (${name === 'Error' ? status : name}); check ` +
        'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (or the role) and that they may HeadBucket, ListBucket, ' +
        'GetObject and PutObject on the bucket',
      name === 'Error' ? String(status ?? 'AccessDenied') : name,
      cause,
    );
  return new ObjectStoreError(
    `Cannot ${action} the ${where}: it answered ${status ?? 'with an error'}${name === 'Error' ? '' : ` ${name}`}`,
    name === 'Error' ? String(status ?? 'Error') : name,
    cause,
  );
}

function errorName(error: unknown): string | undefined {
  return error instanceof Error ? error.name : undefined;
}

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('$metadata' in error)) return undefined;
  const metadata = (error as { $metadata?: { httpStatusCode?: number } }).$metadata;
  return metadata?.httpStatusCode;
}

/** A network error's code (ECONNREFUSED…), also inside the AggregateError of a dual-stack connect. */
function networkCode(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && NETWORK_CODES.has(code)) return code;
    const inner = (current as { errors?: unknown[] }).errors?.[0];
    current = inner ?? (current as { cause?: unknown }).cause;
  }
  return undefined;
}
