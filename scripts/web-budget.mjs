// The web app's weight budget (issue 11 §10): what JavaScript a browser must load before a screen shows,
// read from the build's Vite manifest (apps/web/dist/.vite/manifest.json). A chunk's static imports load
// with it; its dynamic imports (lazy routes, pdf.js, the pdf.js worker) load later, when used, so they are
// not part of the screen's initial weight.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * Issue 11 §10: the JavaScript before the inbox list shows (gzip: the entry, the signed-in screens with the
 * inbox, and their static imports) may not exceed 200 KiB. It comes to about 188 KiB: React (65), the data
 * router (30), the OpenID client (18), TanStack Query (11) and the portal's own code. MUI and emotion (about
 * 125 KiB) are not part of it: the first screen is drawn with the plain-CSS kit in apps/web/src/components/ui,
 * and each screen drawn with MUI loads it with itself (apps/web/src/components/mui-scope.tsx).
 */
export const INBOX_BUDGET_GZIP_BYTES = 200 * 1024;

/**
 * The chunks that bring the signature inbox: the signed-in screens (apps/web/src/app/signed-in-app.tsx,
 * loaded once the user is signed in, with the router, the layout and the inbox page) and, should the inbox
 * page ever become a lazy route of its own, its chunk too.
 */
export const INBOX_MODULES = {
  required: ['src/app/signed-in-app.tsx'],
  ifSplit: ['src/features/signature/components/signature-inbox-page.tsx'],
};

export const MANIFEST_PATH = '.vite/manifest.json';

/** Chunks that must load on demand, never before the inbox list: pdf.js (and its worker) and pusher-js. */
export const LAZY_ONLY = [/pdfjs|pdf\.worker/, /pusher/];

/**
 * The manifest keys a screen needs before it can show: the given chunks and, transitively, every chunk
 * they import statically. Fails when a key is not in the manifest (a renamed route module must not
 * silently shrink the graph to nothing).
 */
export function staticGraph(manifest, startKeys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`'${key}' is not in the build manifest`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of startKeys) visit(key);
  return [...seen];
}

/** The key of the HTML entry (index.html), the one chunk marked isEntry. */
export function entryKey(manifest) {
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  if (entries.length !== 1)
    throw new Error(`Expected one entry in the build manifest, found ${entries.length}`);
  return entries[0];
}

/**
 * Sizes of a set of chunks: `sizeOf(file)` returns `{ raw, gzip, brotli }` for one output file. Only
 * JavaScript counts toward the budget; CSS files the chunks pull in are reported apart.
 */
export function measureChunks(manifest, keys, sizeOf) {
  const files = keys.map((key) => manifest[key].file);
  const cssFiles = [...new Set(keys.flatMap((key) => manifest[key].css ?? []))];
  const total = (list) =>
    list.map(sizeOf).reduce(
      (sum, size) => ({
        raw: sum.raw + size.raw,
        gzip: sum.gzip + size.gzip,
        brotli: sum.brotli + size.brotli,
      }),
      { raw: 0, gzip: 0, brotli: 0 },
    );
  return { files, js: total(files), cssFiles, css: total(cssFiles) };
}

/** What the sign-in redirect and the inbox need, and whether the inbox is within the budget. */
export function computeWebWeight(
  manifest,
  sizeOf,
  { inboxModules = INBOX_MODULES, budget = INBOX_BUDGET_GZIP_BYTES } = {},
) {
  const entry = entryKey(manifest);
  const signIn = measureChunks(manifest, staticGraph(manifest, [entry]), sizeOf);
  for (const module of inboxModules.required) {
    if (!manifest[module]) {
      throw new Error(
        `${module} is not in the build manifest: is it still loaded with import(), or was it renamed? Update INBOX_MODULES in scripts/web-budget.mjs.`,
      );
    }
  }
  const split = inboxModules.ifSplit.filter((module) => manifest[module]);
  const inboxKeys = staticGraph(manifest, [entry, ...inboxModules.required, ...split]);
  const eager = inboxKeys.filter((key) =>
    LAZY_ONLY.some((pattern) => pattern.test(key) || pattern.test(manifest[key].file)),
  );
  if (eager.length > 0) {
    throw new Error(
      `${eager.map((key) => manifest[key].file).join(', ')} must load on demand (import()), but the inbox imports it statically`,
    );
  }
  const inbox = measureChunks(manifest, inboxKeys, sizeOf);
  return { signIn, inbox, budget, withinBudget: inbox.js.gzip <= budget };
}

/**
 * Reads a built web app: the size of each file as served. The precompressed siblings (file.gz, file.br)
 * the build writes are what the server sends, so those are measured. The build writes none for a file
 * that compression would not shrink (a chunk of a few bytes), which is sent as it is; any other missing
 * one is an error (the precompression step did not run).
 */
export function builtFileSizes(distDir) {
  return (file) => {
    const full = path.join(distDir, file);
    const readSize = (suffix, compress) => {
      const compressed = `${full}${suffix}`;
      if (fs.existsSync(compressed)) return fs.statSync(compressed).size;
      const content = fs.readFileSync(full);
      if (compress(content).length >= content.length) return content.length;
      throw new Error(`${file}${suffix} is missing: the build's precompression step did not run`);
    };
    return {
      raw: fs.statSync(full).size,
      gzip: readSize('.gz', gzipBest),
      brotli: readSize('.br', brotliBest),
    };
  };
}

export function readManifest(distDir) {
  const file = path.join(distDir, MANIFEST_PATH);
  if (!fs.existsSync(file)) {
    throw new Error(`${file} is missing: build the web app (npm run build) with build.manifest on`);
  }
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

// As the build's precompression step compresses (apps/web/vite.config.ts).
const gzipBest = (content) => zlib.gzipSync(content, { level: zlib.constants.Z_BEST_COMPRESSION });
const brotliBest = (content) =>
  zlib.brotliCompressSync(content, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });

/** Sizes computed in memory (for files that are not precompressed, e.g. in a one-off build). */
export function computedFileSizes(distDir) {
  return (file) => {
    const content = fs.readFileSync(path.join(distDir, file));
    return {
      raw: content.length,
      gzip: zlib.gzipSync(content, { level: 9 }).length,
      brotli: zlib.brotliCompressSync(content).length,
    };
  };
}

export const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
