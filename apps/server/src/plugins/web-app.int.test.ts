import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';

const INDEX_HTML = '<!doctype html><title>Portal</title><div id="root"></div>';
const APP_JS = `console.log(${JSON.stringify('the app '.repeat(200))});`;

/** Writes a file with its precompressed siblings, as the web build does. */
function writePrecompressed(file: string, content: string): void {
  fs.writeFileSync(file, content);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content));
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content));
}

describe('the built web app is sent precompressed', () => {
  let portal: TestApp;
  let webDistDir: string;

  beforeAll(async () => {
    // A stand-in build: index.html and one fingerprinted asset with .br and .gz beside them, one asset
    // without (too small to be worth compressing), and the build manifest.
    webDistDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-dist-'));
    writePrecompressed(path.join(webDistDir, 'index.html'), INDEX_HTML);
    fs.mkdirSync(path.join(webDistDir, 'assets'));
    writePrecompressed(path.join(webDistDir, 'assets', 'app-abc123.js'), APP_JS);
    fs.writeFileSync(path.join(webDistDir, 'assets', 'tiny-def456.js'), 'export{}');
    fs.mkdirSync(path.join(webDistDir, '.vite'));
    fs.writeFileSync(path.join(webDistDir, '.vite', 'manifest.json'), '{}');
    portal = await createTestApp({ webDistDir });
  });
  afterAll(async () => {
    await portal.close();
    fs.rmSync(webDistDir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    portal.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('sends an asset as brotli to a browser that accepts it, still cached for good', async () => {
    const response = await get('/assets/app-abc123.js', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(APP_JS);
    expect(response.rawPayload.length).toBeLessThan(APP_JS.length / 10);
  });

  it('sends gzip to a client without brotli, or that refuses it', async () => {
    for (const acceptEncoding of ['gzip, deflate', 'br;q=0, gzip']) {
      const response = await get('/assets/app-abc123.js', acceptEncoding);
      expect(response.headers['content-encoding'], acceptEncoding).toBe('gzip');
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(zlib.gunzipSync(response.rawPayload).toString()).toBe(APP_JS);
    }
  });

  it('sends the plain file to a client that accepts no compression, saying it varies', async () => {
    const response = await get('/assets/app-abc123.js');
    expect(response.headers['content-encoding']).toBeUndefined();
    // A shared cache must not hand this plain copy to a browser that accepts brotli, nor the reverse.
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.body).toBe(APP_JS);
  });

  it('sends a file that has no compressed form as it is', async () => {
    const response = await get('/assets/tiny-def456.js', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('export{}');
  });

  it.each(['/', '/signature/dashboard/?clinicNpi=any'])(
    'sends index.html at %s compressed and revalidated',
    async (url) => {
      const response = await get(url, 'gzip, deflate, br');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(INDEX_HTML);
    },
  );

  it('never serves the build manifest', async () => {
    const response = await get('/.vite/manifest.json', 'br');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });
});
