// `npm start` builds the web app only when its sources changed since the last build, so a warm start stays
// fast and a fresh clone still gets a build. The fingerprint is a hash over the files the build reads.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const inputs = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/domain/src',
  'package-lock.json',
];
const stampFile = path.join(root, 'apps/web/dist/.source-hash');

function* filesUnder(target) {
  if (!fs.existsSync(target)) return;
  if (fs.statSync(target).isFile()) {
    yield target;
    return;
  }
  for (const entry of fs
    .readdirSync(target, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))) {
    yield* filesUnder(path.join(target, entry.name));
  }
}

const hash = createHash('sha256');
for (const input of inputs) {
  for (const file of filesUnder(path.join(root, input))) {
    hash.update(path.relative(root, file));
    hash.update(fs.readFileSync(file));
  }
}
const fingerprint = hash.digest('hex');
const previous = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, 'utf8') : '';

if (previous === fingerprint && fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  console.log('Web app is up to date.');
} else {
  console.log('Building the web app…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@portal/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  fs.writeFileSync(stampFile, fingerprint);
}
