import { opendir } from 'node:fs/promises';
import path from 'node:path';
import { BlobCorruptedError, createFileStorage, type DocumentStorage } from './file-storage';
import { ObjectStoreError } from './s3-storage';

/** What a copy found and did; hashes and paths only, which carry no PHI. */
export type CopyReport = {
  /** Blobs found on disk. */
  found: number;
  /** Written to the target, then read back and found to match their hash. */
  copied: number;
  /** In the target already (an earlier run, or the portal), read back and found to match their hash. */
  alreadyThere: number;
  /** On disk with bytes that no longer match their hash: not copied. */
  corruptedOnDisk: string[];
  /** In the target with bytes that do not match their hash: left as they are, never overwritten. */
  differentInTarget: string[];
  /** Could not be copied or checked (the store failed): the reason, without content. */
  failed: { sha256: string; reason: string }[];
  /** Files under the folder that are not blobs (not `ab/cd/<sha256>`), relative to it. */
  ignored: string[];
};

const PAIR = /^[0-9a-f]{2}$/;
const SHA256 = /^[0-9a-f]{64}$/;

/**
 * Copies the disk store's blobs (`from`, e.g. DATA_DIR/blobs) into another store, usually the S3 bucket,
 * checking each: the disk copy is read through the file store (so its SHA-256 is checked), a blob the
 * target has is read back and checked instead of written again, and a written one is read back and
 * checked. Idempotent: a second run writes nothing and checks everything. Safe while the portal runs,
 * since a content-addressed object never changes; a run after the switch picks up blobs written meanwhile.
 */
export async function copyBlobs(options: {
  from: string;
  to: DocumentStorage;
  concurrency?: number;
  onProgress?: (done: number) => void;
}): Promise<CopyReport> {
  const source = createFileStorage(options.from);
  const target = options.to;
  const report: CopyReport = {
    found: 0,
    copied: 0,
    alreadyThere: 0,
    corruptedOnDisk: [],
    differentInTarget: [],
    failed: [],
    ignored: [],
  };
  let done = 0;

  async function copyOne(sha256: string): Promise<void> {
    report.found++;
    let bytes: Uint8Array;
    try {
      bytes = await source.get(sha256);
    } catch (error) {
      if (error instanceof BlobCorruptedError) report.corruptedOnDisk.push(sha256);
      else report.failed.push({ sha256, reason: reasonOf(error) });
      return;
    }
    try {
      if (await target.has(sha256)) {
        await target.get(sha256);
        report.alreadyThere++;
      } else {
        await target.put(bytes);
        await target.get(sha256);
        report.copied++;
      }
    } catch (error) {
      if (error instanceof BlobCorruptedError) report.differentInTarget.push(sha256);
      else report.failed.push({ sha256, reason: reasonOf(error) });
    }
  }

  const blobs = listBlobs(options.from, report.ignored)[Symbol.asyncIterator]();
  const worker = async () => {
    for (let next = await blobs.next(); !next.done; next = await blobs.next()) {
      await copyOne(next.value);
      options.onProgress?.(++done);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 4) }, worker));

  report.corruptedOnDisk.sort();
  report.differentInTarget.sort();
  report.failed.sort((left, right) => left.sha256.localeCompare(right.sha256));
  report.ignored.sort();
  return report;
}

/** The hashes of the blobs under `root/ab/cd/<sha256>`, folder by folder; anything else goes to `ignored`. */
async function* listBlobs(root: string, ignored: string[]): AsyncGenerator<string> {
  for await (const first of await opendir(root)) {
    if (!first.isDirectory() || !PAIR.test(first.name)) {
      ignored.push(first.name);
      continue;
    }
    for await (const second of await opendir(path.join(root, first.name))) {
      const folder = `${first.name}/${second.name}`;
      if (!second.isDirectory() || !PAIR.test(second.name)) {
        ignored.push(folder);
        continue;
      }
      for await (const entry of await opendir(path.join(root, first.name, second.name))) {
        // A put in progress in a running portal: its object appears under its own name when done.
        if (entry.name.startsWith('.') && entry.name.endsWith('.tmp')) continue;
        if (entry.isFile() && SHA256.test(entry.name) && entry.name.startsWith(`${first.name}${second.name}`))
          yield entry.name;
        else ignored.push(`${folder}/${entry.name}`);
      }
    }
  }
}

/** Our store errors say what went wrong without content; of anything else, only its type and code. */
function reasonOf(error: unknown): string {
  if (error instanceof ObjectStoreError) return error.message;
  const { name, code } = error as Error & { code?: unknown };
  return `${name ?? 'Error'}${typeof code === 'string' ? ` (${code})` : ''}`;
}
