import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// The API and the embedded identity provider both live on the Fastify server.
const backend = 'http://localhost:8080';
const proxy = {
  '/api': { target: backend, changeOrigin: false },
  '/idp': { target: backend, changeOrigin: false },
};

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt)$/;

/**
 * Writes file.br and file.gz beside every text file of the build, at the highest levels (done once per
 * build, not per request). The server sends them with Content-Encoding (@fastify/static preCompressed);
 * a file whose compressed form would not be smaller gets none and is sent as it is.
 */
function precompress(): Plugin {
  return {
    name: 'portal:precompress',
    apply: 'build',
    // After the files are written, and only when the build succeeded.
    async writeBundle(options) {
      const outDir = options.dir;
      if (!outDir) return;
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
      const files = entries
        .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
        .map((entry) => path.join(entry.parentPath, entry.name))
        // The manifest is for our build checks, never served.
        .filter((file) => !file.includes(`${path.sep}.vite${path.sep}`));
      await Promise.all(
        files.map(async (file) => {
          const content = await readFile(file);
          const [gzipped, brotlied] = await Promise.all([
            gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
            brotli(content, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
          ]);
          if (gzipped.length < content.length) await writeFile(`${file}.gz`, gzipped);
          if (brotlied.length < content.length) await writeFile(`${file}.br`, brotlied);
        }),
      );
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), precompress()],
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 4173, strictPort: true, proxy },
  build: {
    outDir: path.join(import.meta.dirname, 'dist'),
    emptyOutDir: true,
    // .vite/manifest.json: the chunk graph the weight budget check (scripts/check-web-budget.mjs) reads.
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // @portal/domain builds zod schemas at module level for the server; the web app uses only the
        // constants and functions beside them. Calls on `z` have no side effects, so unused schemas (and
        // with them zod itself) drop out of the web bundle.
        manualPureFunctions: ['z'],
      },
      output: {
        codeSplitting: {
          groups: [
            // pdf.js is imported on demand by the document viewer: its own chunk, never preloaded.
            { name: 'pdfjs', test: /node_modules[\\/]pdfjs-dist[\\/]/, priority: 2 },
            // React changes less often than the app and every screen needs it: a chunk that stays
            // cached across releases. Other libraries follow the screens that use them, so a lazy
            // screen's libraries load with that screen, not before the inbox.
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
