import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  builtFileSizes,
  computeWebWeight,
  INBOX_BUDGET_GZIP_BYTES,
  INBOX_MODULES,
  type Manifest,
  type Sizes,
  staticGraph,
} from './web-budget.mjs';

const SIGNED_IN_APP = INBOX_MODULES.required[0] as string;
const INBOX_PAGE = INBOX_MODULES.ifSplit[0] as string;

/**
 * A build's manifest as Vite writes it: the entry imports the runtime and React statically and the
 * signed-in screens lazily; those share a chunk with the entry, have one of their own, and load pdf.js
 * and the administration pages lazily.
 */
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index-a.js',
    isEntry: true,
    src: 'index.html',
    imports: ['_runtime-b.js', '_react-c.js'],
    dynamicImports: [SIGNED_IN_APP],
  },
  '_runtime-b.js': { file: 'assets/runtime-b.js' },
  '_react-c.js': { file: 'assets/react-c.js', imports: ['_runtime-b.js'] },
  [SIGNED_IN_APP]: {
    file: 'assets/signed-in-app-d.js',
    isDynamicEntry: true,
    src: SIGNED_IN_APP,
    imports: ['_react-c.js', '_chip-e.js'],
    dynamicImports: ['_pdfjs-f.js', 'src/features/users/components/users-page.tsx'],
  },
  '_chip-e.js': { file: 'assets/chip-e.js', imports: ['_react-c.js'] },
  '_pdfjs-f.js': { file: 'assets/pdfjs-f.js', isDynamicEntry: true },
  'src/features/users/components/users-page.tsx': {
    file: 'assets/users-page-g.js',
    isDynamicEntry: true,
    imports: ['_chip-e.js'],
  },
};

/** Each file's gzip size is given; raw is ten times it and brotli nine tenths. */
function sizesFrom(gzip: Record<string, number>) {
  return (file: string): Sizes => {
    const size = gzip[file];
    if (size === undefined) throw new Error(`no size for ${file}`);
    return { raw: size * 10, gzip: size, brotli: Math.round(size * 0.9) };
  };
}

const KIB = 1024;
const sizes = {
  'assets/index-a.js': 60 * KIB,
  'assets/runtime-b.js': 1 * KIB,
  'assets/react-c.js': 65 * KIB,
  'assets/signed-in-app-d.js': 30 * KIB,
  'assets/chip-e.js': 4 * KIB,
  'assets/pdfjs-f.js': 120 * KIB,
  'assets/users-page-g.js': 20 * KIB,
};

describe('the initial graph of a screen', () => {
  it('follows static imports, each chunk once, and leaves lazy chunks out', () => {
    expect(staticGraph(manifest, ['index.html']).sort()).toEqual([
      '_react-c.js',
      '_runtime-b.js',
      'index.html',
    ]);
    expect(staticGraph(manifest, ['index.html', SIGNED_IN_APP]).sort()).toEqual([
      '_chip-e.js',
      '_react-c.js',
      '_runtime-b.js',
      'index.html',
      SIGNED_IN_APP,
    ]);
  });

  it('fails on a chunk the manifest does not have, rather than measuring less', () => {
    expect(() => staticGraph(manifest, ['index.html', 'src/missing.tsx'])).toThrow(
      "'src/missing.tsx' is not in the build manifest",
    );
  });
});

describe('the weight budget', () => {
  it('measures the sign-in redirect (the entry) and the inbox (the entry and the signed-in screens), pdf.js and admin pages excluded', () => {
    const weight = computeWebWeight(manifest, sizesFrom(sizes));
    expect(weight.signIn.files.sort()).toEqual([
      'assets/index-a.js',
      'assets/react-c.js',
      'assets/runtime-b.js',
    ]);
    expect(weight.signIn.js).toEqual({ raw: 1260 * KIB, gzip: 126 * KIB, brotli: expect.any(Number) });
    expect(weight.inbox.js.gzip).toBe((60 + 1 + 65 + 30 + 4) * KIB);
    expect(weight.inbox.files).not.toContain('assets/pdfjs-f.js');
    expect(weight.inbox.files).not.toContain('assets/users-page-g.js');
  });

  it(`passes at ${INBOX_BUDGET_GZIP_BYTES / KIB} KiB gzip for the inbox and fails one byte over`, () => {
    const atBudget = { ...sizes, 'assets/index-a.js': INBOX_BUDGET_GZIP_BYTES - (1 + 65 + 30 + 4) * KIB };
    expect(computeWebWeight(manifest, sizesFrom(atBudget)).withinBudget).toBe(true);
    const over = { ...atBudget, 'assets/chip-e.js': 4 * KIB + 1 };
    const weight = computeWebWeight(manifest, sizesFrom(over));
    expect(weight.inbox.js.gzip).toBe(INBOX_BUDGET_GZIP_BYTES + 1);
    expect(weight.withinBudget).toBe(false);
  });

  it('fails when the signed-in screens are no longer a chunk of their own (renamed, or no longer lazy)', () => {
    const { [SIGNED_IN_APP]: _signedIn, ...withoutSignedIn } = manifest;
    expect(() => computeWebWeight(withoutSignedIn, sizesFrom(sizes))).toThrow(/INBOX_MODULES/);
  });

  it('fails when pdf.js is imported statically, so it would load before the list', () => {
    const eagerPdf: Manifest = {
      ...manifest,
      [SIGNED_IN_APP]: {
        ...(manifest[SIGNED_IN_APP] as Manifest[string]),
        imports: ['_react-c.js', '_chip-e.js', '_pdfjs-f.js'],
      },
    };
    expect(() => computeWebWeight(eagerPdf, sizesFrom(sizes))).toThrow(
      'assets/pdfjs-f.js must load on demand (import()), but the inbox imports it statically',
    );
  });

  it('counts the inbox page too should it become a lazy route of its own', () => {
    const split: Manifest = {
      ...manifest,
      [SIGNED_IN_APP]: { ...(manifest[SIGNED_IN_APP] as Manifest[string]), dynamicImports: [INBOX_PAGE] },
      [INBOX_PAGE]: { file: 'assets/inbox-page-h.js', isDynamicEntry: true, imports: ['_chip-e.js'] },
    };
    const weight = computeWebWeight(split, sizesFrom({ ...sizes, 'assets/inbox-page-h.js': 12 * KIB }));
    expect(weight.inbox.files).toContain('assets/inbox-page-h.js');
    expect(weight.inbox.js.gzip).toBe((60 + 1 + 65 + 30 + 4 + 12) * KIB);
  });
});

describe('scripts/check-web-budget.mjs on a built app', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A stand-in dist: index.html, the manifest, and each file with .gz/.br siblings of the given sizes. */
  function writeDist(gzipSizes: Record<string, number>, { withCompressed = true } = {}) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-budget-'));
    dirs.push(dir);
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.mkdirSync(path.join(dir, '.vite'));
    fs.writeFileSync(path.join(dir, '.vite/manifest.json'), JSON.stringify(manifest));
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      '<!doctype html><script type="module" crossorigin src="/assets/index-a.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/assets/runtime-b.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/react-c.js"><div id="root"></div>',
    );
    for (const [file, gzip] of Object.entries(gzipSizes)) {
      fs.writeFileSync(path.join(dir, file), Buffer.alloc(gzip * 3));
      if (!withCompressed) continue;
      fs.writeFileSync(path.join(dir, `${file}.gz`), Buffer.alloc(gzip));
      fs.writeFileSync(path.join(dir, `${file}.br`), Buffer.alloc(Math.round(gzip * 0.9)));
    }
    return dir;
  }
  const check = (dir: string) =>
    spawnSync(process.execPath, [path.join(import.meta.dirname, 'check-web-budget.mjs'), dir], {
      encoding: 'utf8',
    });

  it('passes a build within the budget and prints both screens', () => {
    const result = check(writeDist(sizes));
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/sign-in .* 126\.0 KiB gzip/);
    expect(result.stdout).toMatch(/inbox .* 160\.0 KiB gzip/);
  });

  it('fails a build over the budget, naming the chunks', () => {
    const result = check(writeDist({ ...sizes, 'assets/index-a.js': 240 * KIB }));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('The inbox needs 340.0 KiB of gzip JavaScript before its list shows');
    expect(result.stderr).toContain('assets/index-a.js');
  });

  it('passes a build at exactly 200 KiB, and fails one a KiB over', () => {
    const atBudget = check(writeDist({ ...sizes, 'assets/index-a.js': 100 * KIB }));
    expect(atBudget.status).toBe(0);
    expect(atBudget.stdout).toContain('within the budget of 200.0 KiB gzip for the inbox');
    const over = check(writeDist({ ...sizes, 'assets/index-a.js': 101 * KIB }));
    expect(over.status).toBe(1);
    expect(over.stderr).toContain('the budget is 200.0 KiB');
  });

  it('fails a build whose precompressed files are missing', () => {
    const result = check(writeDist(sizes, { withCompressed: false }));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('.gz is missing: the build');
  });

  it('measures a file too small to compress as it is sent: without .gz or .br', () => {
    const dir = writeDist(sizes);
    fs.writeFileSync(path.join(dir, 'assets/tiny.js'), 'export{e as t};');
    expect(builtFileSizes(dir)('assets/tiny.js')).toEqual({ raw: 15, gzip: 15, brotli: 15 });
  });

  it('fails a build that carries zod to the browser', () => {
    const dir = writeDist(sizes);
    fs.appendFileSync(path.join(dir, 'assets/signed-in-app-d.js'), 'class ZodError extends Error {}');
    const result = check(dir);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('zod is in assets/signed-in-app-d.js');
  });

  it('fails when index.html and the manifest describe different builds', () => {
    const dir = writeDist(sizes);
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      '<script type="module" crossorigin src="/assets/index-old.js"></script>',
    );
    const result = check(dir);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('index.html loads assets/index-old.js');
  });

  it('reads the sizes the server sends: the .gz and .br beside each file', () => {
    const dir = writeDist(sizes);
    expect(builtFileSizes(dir)('assets/chip-e.js')).toEqual({
      raw: 12 * KIB,
      gzip: 4 * KIB,
      brotli: Math.round(4 * KIB * 0.9),
    });
  });
});
