// `node scripts/check-web-budget.mjs [distDir]`: the web app's weight budget (issue 11 §10), run by
// `npm test` after the build. Prints the JavaScript the sign-in redirect and the inbox need (raw, gzip,
// brotli, as served) and fails when the inbox's initial JavaScript is over INBOX_BUDGET_GZIP_BYTES.
import fs from 'node:fs';
import path from 'node:path';
import {
  builtFileSizes,
  computeWebWeight,
  entryKey,
  INBOX_BUDGET_GZIP_BYTES,
  kib,
  readManifest,
  staticGraph,
} from './web-budget.mjs';

const root = path.resolve(import.meta.dirname, '..');
const distDir = path.resolve(process.argv[2] ?? path.join(root, 'apps/web/dist'));

/** The scripts index.html loads or preloads: the manifest must describe this very build. */
function scriptsInIndexHtml(html) {
  const sources = [
    ...html.matchAll(/<script[^>]+src="\/([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+)"/g),
  ];
  return sources.map((match) => match[1]).sort();
}

try {
  const manifest = readManifest(distDir);
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const entryFiles = staticGraph(manifest, [entryKey(manifest)])
    .map((key) => manifest[key].file)
    .sort();
  const inHtml = scriptsInIndexHtml(html);
  if (JSON.stringify(inHtml) !== JSON.stringify(entryFiles)) {
    throw new Error(
      `index.html loads ${inHtml.join(', ')} but the manifest's entry graph is ${entryFiles.join(', ')}: rebuild the web app`,
    );
  }

  const weight = computeWebWeight(manifest, builtFileSizes(distDir));
  // zod (about 22 KiB gzip) is for the server: @portal/domain's schemas drop out of the web bundle unless
  // code the web app runs uses one (vite.config.ts, treeshake.manualPureFunctions). Every chunk is
  // checked, the lazy screens' too: a value imported from a contract module whose schemas chain calls
  // (`z.string().refine(…)`) keeps them, and zod, in whichever chunk imports it.
  const allChunks = [...new Set(Object.values(manifest).map((entry) => entry.file))].filter((file) =>
    file.endsWith('.js'),
  );
  const withZod = allChunks.filter((file) =>
    fs.readFileSync(path.join(distDir, file), 'utf8').includes('ZodError'),
  );
  if (withZod.length > 0) {
    throw new Error(
      `zod is in ${withZod.join(', ')}: web code uses a @portal/domain schema; use the plain constants and functions beside it`,
    );
  }
  const line = (label, { js }) =>
    `  ${label.padEnd(8)} ${kib(js.raw).padStart(11)} raw  ${kib(js.gzip).padStart(10)} gzip  ${kib(js.brotli).padStart(10)} brotli`;
  console.log(`Web app JavaScript (${path.relative(root, distDir) || distDir}):`);
  console.log(line('sign-in', weight.signIn));
  console.log(line('inbox', weight.inbox));
  if (!weight.withinBudget) {
    const sizes = builtFileSizes(distDir);
    console.error(
      `\n✖ The inbox needs ${kib(weight.inbox.js.gzip)} of gzip JavaScript before its list shows; the budget is ${kib(INBOX_BUDGET_GZIP_BYTES)}.`,
    );
    console.error(
      '  Its chunks, largest first (load what the first screen does not need with import(); draw the first screen with components/ui, not MUI):',
    );
    for (const file of [...weight.inbox.files].sort((a, b) => sizes(b).gzip - sizes(a).gzip)) {
      console.error(`    ${kib(sizes(file).gzip).padStart(10)}  ${file}`);
    }
    process.exit(1);
  }
  console.log(`  within the budget of ${kib(INBOX_BUDGET_GZIP_BYTES)} gzip for the inbox.`);
} catch (error) {
  console.error(`✖ ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
