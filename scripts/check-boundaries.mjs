// The boundary check of `npm test` (issue 12 §5): dependency-cruiser with the rules in
// .dependency-cruiser.cjs (no import cycles; web features stand alone; lib/ and components/ import no
// feature; the apps reach the domain only through its index). Exits non-zero on any violation.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const repository = path.resolve(import.meta.dirname, '..');
const cli = path.join(repository, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs');
const config = path.join(repository, '.dependency-cruiser.cjs');
// Another tree to check (the rules' own test runs them over a small tree of deliberate violations).
const root = process.argv[2] ? path.resolve(process.argv[2]) : repository;

const result = spawnSync(
  process.execPath,
  [cli, 'apps', 'packages', '--config', config, '--output-type', 'err'],
  { cwd: root, encoding: 'utf8' },
);
// dependency-cruiser warns that it found no TypeScript compiler it can use (TypeScript 7 has no
// compiler API yet); the configuration parses with SWC instead, so that warning is noise here.
const noise =
  /missing-tsc-transpiler|compatible TypeScript compiler|likely to have missed TypeScript|Install typescript|Support for typescript@>=7/;
const output = `${result.stdout}${result.stderr}`
  .split('\n')
  .filter((line) => !noise.test(line))
  .join('\n')
  .replace(/\n{3,}/g, '\n\n')
  .trim();
console.log(output || 'no dependency violations found');
process.exit(result.status ?? 1);
