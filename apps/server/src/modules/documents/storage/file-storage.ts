import { createHash, randomUUID } from 'node:crypto';
import { link, mkdir, open, readFile, stat, unlink } from 'node:fs/promises';
import path from 'node:path';

/** Content-addressed blobs: an object's name is the SHA-256 of its bytes, so it can never change. */
export type DocumentStorage = {
  put(bytes: Uint8Array): Promise<StoredBlob>;
  /** Throws BlobNotFoundError for an unknown hash and BlobCorruptedError if the stored bytes no longer match it. */
  get(sha256: string): Promise<Uint8Array>;
  has(sha256: string): Promise<boolean>;
};

export type StoredBlob = { sha256: string; size: number };

export class BlobNotFoundError extends Error {
  override name = 'BlobNotFoundError';
  constructor(readonly sha256: string) {
    super(`No stored document has the hash ${sha256}`);
  }
}

/** A stored object whose bytes are not the ones its name was computed from: disk damage or tampering. */
export class BlobCorruptedError extends Error {
  override name = 'BlobCorruptedError';
  constructor(readonly sha256: string) {
    super(`The stored document ${sha256} does not match its hash`);
  }
}

/** An id that is not 64 lower-case hex characters, e.g. '../../etc/passwd'. */
export class InvalidBlobIdError extends Error {
  override name = 'InvalidBlobIdError';
  constructor() {
    super('A document hash is 64 lower-case hexadecimal characters');
  }
}

const SHA256_PATTERN = /^[0-9a-f]{64}$/;

/**
 * Where a blob lives inside any store, as path segments: `['ab', 'cd', '<sha256>']`. Throws
 * InvalidBlobIdError before any path or key is built from an id that is not a SHA-256.
 */
export function blobLocation(sha256: string): [string, string, string] {
  if (!SHA256_PATTERN.test(sha256)) throw new InvalidBlobIdError();
  return [sha256.slice(0, 2), sha256.slice(2, 4), sha256];
}

/**
 * Blobs under `rootDir/ab/cd/<sha256>` (the hash's first two byte pairs as folders, so no folder grows
 * huge). A put writes and fsyncs a temporary file in the final folder, then publishes it with link(2):
 * the object appears whole or not at all, and, unlike rename(2), link never replaces an object that is
 * already there; a concurrent put of the same bytes simply finds it. The folder is fsynced after the
 * link, so a stored signature survives a power cut. Ids are validated before any path is built.
 */
export function createFileStorage(rootDir: string): DocumentStorage {
  const root = path.resolve(rootDir);
  const objectPath = (sha256: string) => path.join(root, ...blobLocation(sha256));

  return {
    async put(bytes) {
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      const target = objectPath(sha256);
      if (await exists(target)) return confirmStored(target, sha256, bytes.byteLength);

      const folder = path.dirname(target);
      // Reports carry PHI: only the server's user may read them.
      const created = await mkdir(folder, { recursive: true, mode: 0o700 });
      const temporary = path.join(folder, `.${sha256}.${randomUUID()}.tmp`);
      try {
        const handle = await open(temporary, 'wx', 0o600);
        try {
          await handle.writeFile(bytes);
          await handle.sync();
        } finally {
          await handle.close();
        }
        try {
          await link(temporary, target);
        } catch (error) {
          if (!isCode(error, 'EEXIST')) throw error;
          return confirmStored(target, sha256, bytes.byteLength);
        }
      } finally {
        await unlink(temporary).catch(() => {});
      }
      // Make the new name (and any new folders) durable, deepest first.
      await syncFolder(folder);
      if (created !== undefined) {
        const lastToSync = path.dirname(created);
        for (let parent = path.dirname(folder); ; parent = path.dirname(parent)) {
          await syncFolder(parent);
          if (parent === lastToSync || parent === path.dirname(parent)) break;
        }
      }
      return { sha256, size: bytes.byteLength };
    },

    async get(sha256) {
      const target = objectPath(sha256);
      let bytes: Buffer;
      try {
        bytes = await readFile(target);
      } catch (error) {
        if (isCode(error, 'ENOENT')) throw new BlobNotFoundError(sha256);
        throw error;
      }
      if (createHash('sha256').update(bytes).digest('hex') !== sha256) throw new BlobCorruptedError(sha256);
      return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },

    async has(sha256) {
      return exists(objectPath(sha256));
    },
  };
}

/**
 * Same hash means same bytes, so an object already there is the one being stored, unless the disk damaged
 * it. That is checked rather than assumed: a put must not report a signature stored when it is not.
 * A damaged object is reported, never overwritten.
 */
async function confirmStored(target: string, sha256: string, size: number): Promise<StoredBlob> {
  const stored = await readFile(target);
  if (createHash('sha256').update(stored).digest('hex') !== sha256) throw new BlobCorruptedError(sha256);
  return { sha256, size };
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch (error) {
    if (isCode(error, 'ENOENT')) return false;
    throw error;
  }
}

async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function isCode(error: unknown, code: string): boolean {
  return error instanceof Error && 'code' in error && error.code === code;
}
