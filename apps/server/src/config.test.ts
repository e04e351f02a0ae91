import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('configuration from the environment', () => {
  it('starts with the embedded defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:8080',
      databaseUrl: undefined,
      logLevel: 'info',
    });
    expect(path.isAbsolute(config.dataDir)).toBe(true);
    expect(path.basename(config.dataDir)).toBe('data');
  });

  it('takes PORT, PUBLIC_URL (without a trailing slash), DATABASE_URL and LOG_LEVEL', () => {
    const config = loadConfig({
      PORT: '9090',
      PUBLIC_URL: 'https://portal.example.org/',
      DATABASE_URL: 'postgres://portal@db:5432/portal',
      LOG_LEVEL: 'warn',
      DATA_DIR: '/var/lib/portal',
    });
    expect(config).toMatchObject({
      port: 9090,
      publicUrl: 'https://portal.example.org',
      databaseUrl: 'postgres://portal@db:5432/portal',
      logLevel: 'warn',
      dataDir: '/var/lib/portal',
    });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 8080, databaseUrl: undefined });
  });

  it.each([
    ['PORT', 'abc', 'PORT must be a whole number from 0 to 65535'],
    ['PORT', '70000', 'PORT must be a whole number from 0 to 65535'],
    ['PUBLIC_URL', 'portal.example.org', 'PUBLIC_URL must be an http(s) URL'],
    ['DATABASE_URL', 'mysql://db/portal', 'DATABASE_URL must be a postgres:// URL'],
    ['LOG_LEVEL', 'loud', 'LOG_LEVEL must be one of'],
    ['S3_BUCKET', 'Portal_Documents', 'S3_BUCKET must be a bucket name: 3 to 63 lower-case letters'],
    ['S3_BUCKET', 'ab', 'S3_BUCKET must be a bucket name'],
    ['S3_ENDPOINT', 'minio:9000', 'S3_ENDPOINT must be an http(s) URL'],
    ['S3_ENDPOINT', 'ftp://minio:9000', 'S3_ENDPOINT must be an http(s) URL'],
    ['S3_REGION', 'eu central 1', 'S3_REGION must be a region name such as us-east-1'],
    ['S3_FORCE_PATH_STYLE', 'yes', 'S3_FORCE_PATH_STYLE must be true or false'],
  ])('stops start-up on an invalid %s=%s with a message naming the variable', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(message);
    expect(() => loadConfig({ [name]: value })).toThrow(/^Invalid configuration: /);
  });

  describe('document storage', () => {
    it('keeps documents on disk under DATA_DIR/blobs unless S3_BUCKET is set', () => {
      expect(loadConfig({ DATA_DIR: '/var/lib/portal' }).storage).toEqual({
        kind: 'disk',
        dir: '/var/lib/portal/blobs',
      });
    });

    it('uses an S3-compatible store with every S3_* setting', () => {
      const config = loadConfig({
        S3_BUCKET: 'portal-documents',
        S3_ENDPOINT: 'http://minio.internal:9000',
        S3_REGION: 'eu-central-1',
        S3_ACCESS_KEY_ID: 'portal',
        S3_SECRET_ACCESS_KEY: 'a-long-secret',
        S3_FORCE_PATH_STYLE: 'true',
      });
      expect(config.storage).toEqual({
        kind: 's3',
        bucket: 'portal-documents',
        endpoint: 'http://minio.internal:9000',
        region: 'eu-central-1',
        forcePathStyle: true,
        credentials: { accessKeyId: 'portal', secretAccessKey: 'a-long-secret' },
      });
    });

    it("uses AWS S3 in us-east-1 with the SDK's default credentials when only S3_BUCKET is set", () => {
      expect(loadConfig({ S3_BUCKET: 'portal.documents' }).storage).toEqual({
        kind: 's3',
        bucket: 'portal.documents',
        endpoint: undefined,
        region: 'us-east-1',
        forcePathStyle: false,
        credentials: undefined,
      });
    });

    it('wants both access keys or neither', () => {
      expect(() => loadConfig({ S3_BUCKET: 'portal-documents', S3_ACCESS_KEY_ID: 'portal' })).toThrow(
        "Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together (or none, for the SDK's default credentials)",
      );
      expect(() => loadConfig({ S3_BUCKET: 'portal-documents', S3_SECRET_ACCESS_KEY: 'secret' })).toThrow(
        'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
      );
    });

    it('refuses S3 settings without S3_BUCKET rather than quietly keeping documents on disk', () => {
      expect(() =>
        loadConfig({ S3_ENDPOINT: 'http://minio.internal:9000', S3_FORCE_PATH_STYLE: 'true' }),
      ).toThrow('Invalid configuration: S3_ENDPOINT and S3_FORCE_PATH_STYLE are set but S3_BUCKET is not');
      expect(() => loadConfig({ S3_REGION: 'eu-central-1' })).toThrow(
        'Invalid configuration: S3_REGION is set but S3_BUCKET is not',
      );
    });
  });
});
