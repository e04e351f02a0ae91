// `npm start`: the portal with its embedded defaults. Builds the web app when its sources changed, starts
// the vendor simulators the portal talks to (the FileMaker Data API simulator) unless the environment
// points at real servers, then the portal itself. Each runs as its own process, as in production; when
// one stops, the others are stopped too, and Ctrl-C stops them all.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const build = spawnSync(process.execPath, ['scripts/build-web-if-stale.mjs'], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

const children = new Set();
let stopping = false;

function launch(label, args, env) {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  children.add(child);
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (!stopping) {
      console.error(`${label} stopped (${signal ?? `exit ${code}`}); stopping the rest.`);
      stopAll(code ?? 1);
    } else if (children.size === 0) process.exit(process.exitCode ?? 0);
  });
  return child;
}

function stopAll(code = 0) {
  if (stopping) return;
  stopping = true;
  process.exitCode = code;
  for (const child of children) child.kill('SIGTERM');
  if (children.size === 0) process.exit(code);
}
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

/** Waits until something answers HTTP at `url` (any status), or gives up after `timeoutMs`. */
async function waitForHttp(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(1000) });
      return true;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return false;
}

const serverEnv = {};
if (!process.env.FILEMAKER_URL) {
  // The simulator's own defaults (apps/simulators/src/filemaker/filemaker-simulator.ts), handed to the
  // portal so the two agree; FILEMAKER_SIMULATOR_PORT moves it.
  const port = process.env.FILEMAKER_SIMULATOR_PORT ?? '8091';
  const simulator = {
    FILEMAKER_SIMULATOR_PORT: port,
    FILEMAKER_SIMULATOR_DATABASE: 'CardiacPatients',
    FILEMAKER_SIMULATOR_LAYOUT: 'Patients',
    FILEMAKER_SIMULATOR_USER: 'portal-sync',
    FILEMAKER_SIMULATOR_PASSWORD: 'simulator-only-password',
  };
  launch('The FileMaker simulator', ['apps/simulators/src/filemaker/main.ts'], {
    ...simulator,
    LOG_LEVEL: process.env.SIMULATOR_LOG_LEVEL ?? 'warn',
  });
  const url = `http://127.0.0.1:${port}`;
  if (!(await waitForHttp(url, 30_000))) {
    console.error(`The FileMaker simulator did not answer at ${url}.`);
    stopAll(1);
  }
  Object.assign(serverEnv, {
    FILEMAKER_URL: url,
    FILEMAKER_DATABASE: simulator.FILEMAKER_SIMULATOR_DATABASE,
    FILEMAKER_LAYOUT: simulator.FILEMAKER_SIMULATOR_LAYOUT,
    FILEMAKER_USER: simulator.FILEMAKER_SIMULATOR_USER,
    FILEMAKER_PASSWORD: simulator.FILEMAKER_SIMULATOR_PASSWORD,
  });
  console.log(`FileMaker Data API simulator at ${url} (set FILEMAKER_URL to use a real server).`);
}
if (!stopping) launch('The portal', ['apps/server/src/server.ts'], serverEnv);
