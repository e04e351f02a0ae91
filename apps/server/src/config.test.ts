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
  ])('stops start-up on an invalid %s=%s with a message naming the variable', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(message);
    expect(() => loadConfig({ [name]: value })).toThrow(/^Invalid configuration: /);
  });
});
