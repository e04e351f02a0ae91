// `npm start`: the portal with its embedded defaults. Builds the web app when its sources changed, starts
// the vendor simulators the portal talks to (the FileMaker Data API; Zoll, InfoBionic, Biobeat and the EMR)
// unless SIMULATORS=false or the environment points at real servers, then the portal itself. Each runs as its own process, as in production; when
// one stops, the others are stopped too, and Ctrl-C stops them all.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { serverNodeFlags } from './server-node-flags.mjs';

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
const simulatorsWanted = process.env.SIMULATORS !== 'false';
if (simulatorsWanted && !process.env.FILEMAKER_URL) {
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
/**
 * The study vendors' and the EMR's simulators (issue 16), in one process: their accounts and callback
 * secrets are set here and handed to both sides, so the simulators and the portal agree. A vendor whose URL
 * variable is set already is a real one: the portal keeps it.
 */
async function startStudyVendorSimulators() {
  const portalPort = process.env.PORT ?? '8080';
  const vendors = [
    { prefix: 'ZOLL', port: process.env.ZOLL_SIMULATOR_PORT ?? '8092', webhook: true },
    { prefix: 'INFOBIONIC', port: process.env.INFOBIONIC_SIMULATOR_PORT ?? '8093', webhook: true },
    { prefix: 'BIOBEAT', port: process.env.BIOBEAT_SIMULATOR_PORT ?? '8094', webhook: true },
    { prefix: 'EMR', port: process.env.EMR_SIMULATOR_PORT ?? '8095', webhook: false },
  ];
  const simulatorEnv = {
    PORTAL_URL: `http://127.0.0.1:${portalPort}`,
    // A demo study completes in about a minute.
    STUDY_SIMULATOR_STEP_MS: process.env.STUDY_SIMULATOR_STEP_MS ?? '15000',
    LOG_LEVEL: process.env.SIMULATOR_LOG_LEVEL ?? 'warn',
  };
  for (const vendor of vendors) {
    const name = vendor.prefix.toLowerCase();
    simulatorEnv[`${vendor.prefix}_SIMULATOR_PORT`] = vendor.port;
    simulatorEnv[`${vendor.prefix}_SIMULATOR_CLIENT_ID`] = `portal-${name}`;
    simulatorEnv[`${vendor.prefix}_SIMULATOR_CLIENT_SECRET`] = `${name}-simulator-only-secret`;
    if (vendor.webhook)
      simulatorEnv[`${vendor.prefix}_SIMULATOR_WEBHOOK_SECRET`] = `${name}-simulator-only-webhook-secret`;
  }
  launch('The study vendor simulators', ['apps/simulators/src/study-vendors-main.ts'], simulatorEnv);
  const urls = vendors.map((vendor) => `http://127.0.0.1:${vendor.port}`);
  const answered = await Promise.all(urls.map((url) => waitForHttp(url, 30_000)));
  if (answered.includes(false)) {
    console.error(`The study vendor simulators did not answer at ${urls.join(', ')}.`);
    stopAll(1);
    return;
  }
  for (const [index, vendor] of vendors.entries()) {
    const urlVariable = vendor.prefix === 'EMR' ? 'EMR_FHIR_URL' : `${vendor.prefix}_URL`;
    if (process.env[urlVariable]) continue;
    serverEnv[urlVariable] = urls[index];
    serverEnv[`${vendor.prefix}_CLIENT_ID`] = simulatorEnv[`${vendor.prefix}_SIMULATOR_CLIENT_ID`];
    serverEnv[`${vendor.prefix}_CLIENT_SECRET`] = simulatorEnv[`${vendor.prefix}_SIMULATOR_CLIENT_SECRET`];
    if (vendor.webhook)
      serverEnv[`${vendor.prefix}_WEBHOOK_SECRET`] =
        simulatorEnv[`${vendor.prefix}_SIMULATOR_WEBHOOK_SECRET`];
  }
  console.log(
    `Zoll, InfoBionic, Biobeat and EMR simulators at ${urls.join(', ')} (SIMULATORS=false, or their URL variables, for real services).`,
  );
}
if (simulatorsWanted && !stopping) await startStudyVendorSimulators();

// With bounded heap generations (scripts/server-node-flags.mjs), as the tests' server processes are.
if (!stopping) launch('The portal', [...serverNodeFlags(), 'apps/server/src/server.ts'], serverEnv);
