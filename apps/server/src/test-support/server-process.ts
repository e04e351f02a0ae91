import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { serverNodeFlags } from '../../../../scripts/server-node-flags.mjs';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const serverEntry = path.join(repoRoot, 'apps/server/src/server.ts');

export type ServerProcess = {
  url: string;
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  stop: () => Promise<number | null>;
};

/** Starts the real server (`node --import tsx apps/server/src/server.ts`) the way `npm start` does. */
export function startServerProcess(env: Record<string, string>): ServerProcess {
  // With the heap limits `npm start` gives it.
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', ...serverNodeFlags({ ...process.env, ...env }), serverEntry],
    {
      cwd: repoRoot,
      env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env, INIT_CWD: repoRoot },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    url: `http://127.0.0.1:${env.PORT}`,
    child,
    output: () => output,
    exited,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/**
 * How long a server process may take to answer its healthcheck: a second or two here, but it migrates its
 * database first, and on a busy 2-core machine (the browser tests beside the integration run) that passed
 * 60 s. The limit only decides when waiting becomes a failure.
 */
export const SERVER_START_TIMEOUT_MS = 180_000;

/** Polls the healthcheck until the server answers, or fails with what the server printed. */
export async function waitUntilHealthy(
  server: ServerProcess,
  timeoutMs = SERVER_START_TIMEOUT_MS,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) {
      throw new Error(`The server exited with ${server.child.exitCode}:\n${server.output()}`);
    }
    try {
      const response = await fetch(`${server.url}/api/customers/healthcheck`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The server did not become healthy within ${timeoutMs} ms:\n${server.output()}`);
}

export { findFreePort } from '../../../../test-support/free-port';
