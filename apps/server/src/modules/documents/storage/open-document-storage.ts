import type { Config } from '../../../config';
import { createFileStorage, type DocumentStorage } from './file-storage';
import { createS3Storage } from './s3-storage';

export type OpenedDocumentStorage = {
  storage: DocumentStorage;
  /** Where documents go, for the start-up log: a folder, or a bucket and its store (never credentials). */
  description: string;
  /** Start-up's check that the store can be used (S3: one HeadBucket); throws ObjectStoreError if not. */
  check(): Promise<void>;
  close(): void;
};

/** The configured document store: files under DATA_DIR/blobs, or the S3 bucket when S3_BUCKET is set. */
export function openDocumentStorage(config: Pick<Config, 'storage'>): OpenedDocumentStorage {
  const settings = config.storage;
  if (settings.kind === 'disk') {
    return {
      storage: createFileStorage(settings.dir),
      description: `files under ${settings.dir}`,
      check: async () => {},
      close: () => {},
    };
  }
  const { kind: _kind, ...connection } = settings;
  const storage = createS3Storage(connection);
  return {
    storage,
    description: storage.description,
    check: () => storage.checkBucket(),
    close: storage.close,
  };
}
