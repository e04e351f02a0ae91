import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { findFreePort as freePort } from '../../../../test-support/free-port';
import { E2E_DEMO_PASSWORD } from './portal';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the real portal server the browser tests drive, e.g. http://127.0.0.1:41234 */
    baseUrl: string;
    /** Origin of the FileMaker Data API simulator the portal syncs patients from (faults at /_simulator/faults). */
    fileMakerUrl: string;
    /** Origins of the study vendors' and the EMR's simulators (studies move on /_simulator/advance only). */
    studyVendorUrls: { zoll: string; infobionic: string; biobeat: string; emr: string };
  }
}

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
// E2E_WEB_DIST: a web build elsewhere (e.g. `npx vite build --outDir /tmp/x` while another build runs).
const webDist = process.env.E2E_WEB_DIST
  ? path.resolve(process.env.E2E_WEB_DIST)
  : path.join(repoRoot, 'apps/web/dist');
// E2E_SERVER_ROOT: another checkout whose server to start (e.g. while this one's server is mid-change).
const serverRoot = process.env.E2E_SERVER_ROOT ? path.resolve(process.env.E2E_SERVER_ROOT) : repoRoot;
const serverEntry = path.join(serverRoot, 'apps/server/src/server.ts');
const fileMakerSimulatorEntry = path.join(serverRoot, 'apps/simulators/src/filemaker/main.ts');
const studyVendorsEntry = path.join(serverRoot, 'apps/simulators/src/study-vendors-main.ts');
const tsxCli = path.join(repoRoot, 'node_modules/.bin/tsx');
export const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

// Generous: a fresh data directory is migrated and seeded with demo data before the server answers, and on
// a busy 2-core machine (the integration suite runs beside the browser files) that took over a minute.
const START_TIMEOUT_MS = 300_000;
/** How often start-up looks again whether the server answers: a poll, not a wait for time. */
const READINESS_POLL_MS = 250;
/** A server that has not stopped this long after SIGTERM (its shutdown drains requests) is killed. */
const STOP_GRACE_MS = 15_000;

/** The simulator's account, its own and no real server's (as `npm start` hands it to the portal). */
const FILEMAKER_SIMULATOR = {
  database: 'CardiacPatients',
  layout: 'Patients',
  user: 'portal-sync',
  password: 'simulator-only-password',
};

/** The study vendors' simulator accounts and callback secrets, handed to both sides (as `npm start` does). */
const STUDY_VENDORS = ['ZOLL', 'INFOBIONIC', 'BIOBEAT', 'EMR'] as const;
const studyVendorAccount = (prefix: (typeof STUDY_VENDORS)[number]) => ({
  clientId: `portal-${prefix.toLowerCase()}`,
  clientSecret: `${prefix.toLowerCase()}-simulator-only-secret`,
  webhookSecret: `${prefix.toLowerCase()}-simulator-only-webhook-secret`,
});

async function waitForHealthy(url: string, server: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (server.exitCode !== null) {
      throw new Error(
        `The portal server exited with code ${server.exitCode} before it was healthy.\n${output()}`,
      );
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.status === 200) return;
      lastProblem = `HTTP ${response.status}`;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, READINESS_POLL_MS));
  }
  throw new Error(
    `The portal server did not answer 200 on ${url} within ${START_TIMEOUT_MS / 1000} s (last: ${lastProblem}).\n${output()}`,
  );
}

async function waitForOutput(
  pattern: RegExp,
  server: ChildProcess,
  read: () => string,
  output: () => string,
) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (pattern.test(read())) return;
    if (server.exitCode !== null)
      throw new Error(`The portal server exited with code ${server.exitCode}.\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, READINESS_POLL_MS));
  }
  throw new Error(
    `The portal server never printed ${pattern} within ${START_TIMEOUT_MS / 1000} s.\n${output()}`,
  );
}

/**
 * Browser tests run against the real thing: the built web app served by the real server process
 * on its own port and a fresh data directory. Missing prerequisites fail loudly, never skip.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(chromePath)) {
    throw new Error(
      `No Chromium at ${chromePath}. Browser tests need a real browser: install it with ` +
        '`sudo apt-get install -y chromium`, or set CHROME_PATH to a Chrome/Chromium executable. ' +
        '(`npx playwright install` cannot download browsers here.)',
    );
  }
  if (!existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(
      `${path.join(webDist, 'index.html')} is missing. Build the web app first: \`npm run build\` ` +
        '(or run `npm run test:browser`, which builds and then tests).',
    );
  }

  if (!existsSync(serverEntry)) {
    throw new Error(`${serverEntry} is missing: the browser tests start the real server from it.`);
  }

  // The FileMaker Data API simulator, as its own process (as `npm start` runs it): patients sync from it.
  const fileMakerPort = await freePort();
  const fileMakerUrl = `http://127.0.0.1:${fileMakerPort}`;
  const simulator = spawn(process.execPath, [tsxCli, fileMakerSimulatorEntry], {
    cwd: serverRoot,
    env: {
      ...process.env,
      FILEMAKER_SIMULATOR_PORT: String(fileMakerPort),
      FILEMAKER_SIMULATOR_HOST: '127.0.0.1',
      FILEMAKER_SIMULATOR_DATABASE: FILEMAKER_SIMULATOR.database,
      FILEMAKER_SIMULATOR_LAYOUT: FILEMAKER_SIMULATOR.layout,
      FILEMAKER_SIMULATOR_USER: FILEMAKER_SIMULATOR.user,
      FILEMAKER_SIMULATOR_PASSWORD: FILEMAKER_SIMULATOR.password,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  let simulatorStderr = '';
  simulator.stderr?.on('data', (chunk: Buffer) => {
    simulatorStderr = (simulatorStderr + chunk.toString()).slice(-5_000);
  });
  const stopSimulator = async () => {
    if (simulator.exitCode !== null || simulator.signalCode !== null) return;
    const exited = new Promise((resolve) => simulator.once('exit', resolve));
    try {
      if (simulator.pid) process.kill(-simulator.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    await exited;
  };
  try {
    await waitForHealthy(`${fileMakerUrl}/_simulator/faults`, simulator, () => simulatorStderr);
  } catch (error) {
    await stopSimulator();
    throw error;
  }

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;

  // Zoll, InfoBionic, Biobeat and the EMR, in one process as `npm start` runs them; their studies move
  // only when a test says (POST /_simulator/advance), so a test decides when results arrive.
  const studyVendorPorts = await Promise.all(STUDY_VENDORS.map(() => freePort()));
  const studyVendorEnv: NodeJS.ProcessEnv = {};
  const portalVendorEnv: NodeJS.ProcessEnv = {};
  for (const [index, prefix] of STUDY_VENDORS.entries()) {
    const account = studyVendorAccount(prefix);
    studyVendorEnv[`${prefix}_SIMULATOR_PORT`] = String(studyVendorPorts[index]);
    studyVendorEnv[`${prefix}_SIMULATOR_CLIENT_ID`] = account.clientId;
    studyVendorEnv[`${prefix}_SIMULATOR_CLIENT_SECRET`] = account.clientSecret;
    portalVendorEnv[prefix === 'EMR' ? 'EMR_FHIR_URL' : `${prefix}_URL`] =
      `http://127.0.0.1:${studyVendorPorts[index]}`;
    portalVendorEnv[`${prefix}_CLIENT_ID`] = account.clientId;
    portalVendorEnv[`${prefix}_CLIENT_SECRET`] = account.clientSecret;
    if (prefix !== 'EMR') {
      studyVendorEnv[`${prefix}_SIMULATOR_WEBHOOK_SECRET`] = account.webhookSecret;
      portalVendorEnv[`${prefix}_WEBHOOK_SECRET`] = account.webhookSecret;
    }
  }
  const studyVendors = spawn(process.execPath, [tsxCli, studyVendorsEntry], {
    cwd: serverRoot,
    env: {
      ...process.env,
      ...studyVendorEnv,
      PORTAL_URL: baseUrl,
      STUDY_SIMULATOR_HOST: '127.0.0.1',
      STUDY_SIMULATOR_STEP_MS: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  let studyVendorsStderr = '';
  studyVendors.stderr?.on('data', (chunk: Buffer) => {
    studyVendorsStderr = (studyVendorsStderr + chunk.toString()).slice(-5_000);
  });
  const stopStudyVendors = async () => {
    if (studyVendors.exitCode !== null || studyVendors.signalCode !== null) return;
    const exited = new Promise((resolve) => studyVendors.once('exit', resolve));
    try {
      if (studyVendors.pid) process.kill(-studyVendors.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    await exited;
  };
  const studyVendorUrls = {
    zoll: `http://127.0.0.1:${studyVendorPorts[0]}`,
    infobionic: `http://127.0.0.1:${studyVendorPorts[1]}`,
    biobeat: `http://127.0.0.1:${studyVendorPorts[2]}`,
    emr: `http://127.0.0.1:${studyVendorPorts[3]}`,
  };
  try {
    for (const url of Object.values(studyVendorUrls))
      await waitForHealthy(`${url}/_simulator/stats`, studyVendors, () => studyVendorsStderr);
  } catch (error) {
    await stopStudyVendors();
    await stopSimulator();
    throw error;
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-e2e-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
    // info: the 'Demo documents ready' line tells when the background seeding is done.
    LOG_LEVEL: 'info',
    WEB_DIST_DIR: webDist,
    // Demo accounts (sysadmin@example.org …) with a password the tests know.
    DEMO_DATA: 'true',
    DEMO_PASSWORD: E2E_DEMO_PASSWORD,
    // Enough demo documents for the inbox to page (50 a page), few enough to be seeded quickly.
    DEMO_DOCUMENTS: '150',
    // Every test signs in through the login page from this one address, many as the same few demo
    // accounts: lift the per-address and per-account limits (their own tests run elsewhere).
    LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
    LOGIN_RATE_LIMIT_PER_ACCOUNT_PER_MINUTE: '10000',
    FILEMAKER_URL: fileMakerUrl,
    FILEMAKER_DATABASE: FILEMAKER_SIMULATOR.database,
    FILEMAKER_LAYOUT: FILEMAKER_SIMULATOR.layout,
    FILEMAKER_USER: FILEMAKER_SIMULATOR.user,
    FILEMAKER_PASSWORD: FILEMAKER_SIMULATOR.password,
    // A sync FileMaker does not answer gives up after 5 s (the test of an unreachable FileMaker waits it out).
    FILEMAKER_SYNC_TIMEOUT_MS: '5000',
    ...portalVendorEnv,
  };
  // Always the embedded database and identity provider, whatever the developer's shell points at.
  for (const key of ['DATABASE_URL', 'OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_AUDIENCE']) delete env[key];

  // process.execPath: the same Node 24 that runs vitest (the machine's own `node` may be older).
  const server = spawn(process.execPath, [tsxCli, serverEntry], {
    cwd: serverRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Own process group: tsx runs the server in a child process, and teardown stops both.
    detached: true,
  });
  let stderr = '';
  let stdout = '';
  server.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-20_000);
  });
  server.stdout?.on('data', (chunk: Buffer) => {
    stdout = (stdout + chunk.toString()).slice(-20_000);
  });
  const output = () =>
    `--- server stderr ---\n${stderr || '(empty)'}\n--- server stdout ---\n${stdout || '(empty)'}`;

  let stopping = false;
  server.once('exit', (code, signal) => {
    // A server that dies mid-run turns every later test into 'connection refused': say why, once.
    if (!stopping)
      console.error(`The portal server stopped unexpectedly (code ${code}, signal ${signal}).\n${output()}`);
  });

  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      if (server.pid) process.kill(-server.pid, signal);
    } catch {
      // already gone
    }
  };
  const teardown = async () => {
    stopping = true;
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      signalGroup('SIGTERM');
      const timer = setTimeout(() => signalGroup('SIGKILL'), STOP_GRACE_MS);
      await exited;
      clearTimeout(timer);
    }
    await stopSimulator();
    await stopStudyVendors();
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealthy(`${baseUrl}/api/customers/healthcheck`, server, output);
    // The demo documents are made in the background after the server answers; tests count on them all.
    await waitForOutput(/Demo documents ready/, server, () => stdout, output);
  } catch (error) {
    await teardown();
    throw error;
  }

  project.provide('baseUrl', baseUrl);
  project.provide('fileMakerUrl', fileMakerUrl);
  project.provide('studyVendorUrls', studyVendorUrls);
  return teardown;
}
