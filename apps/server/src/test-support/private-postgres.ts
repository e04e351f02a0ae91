import { type ChildProcess, execFileSync, type SpawnOptions, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { findFreePort } from './server-process';

/**
 * A PostgreSQL server of the test's own, from the machine's PostgreSQL binaries, in a temp directory on a
 * free port: a test may stop and start it (a database restart) without touching the shared server other
 * tests use. Trust authentication on 127.0.0.1 only; superuser `postgres`; durability off (fast, and a
 * test's data is thrown away).
 */
export type PrivatePostgres = {
  /** `postgres://postgres@127.0.0.1:{port}/postgres`: CREATE DATABASE there, then databaseUrlFor(). */
  serverUrl: string;
  port: number;
  /** A fast shutdown (SIGINT): open sessions end with 57P01, as in a restart. */
  stop: () => Promise<void>;
  /** Starts it again on the same port and data, and waits until it accepts connections. */
  start: () => Promise<void>;
  /** Stops it and removes its files. */
  destroy: () => Promise<void>;
  /** What the server printed (for a failure's message). */
  output: () => string;
};

/** The newest PostgreSQL installed the Debian way (/usr/lib/postgresql/N/bin), else pg_config's. */
function findPostgresBinaries(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((version) => fs.existsSync(path.join(root, version, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions[0]) return path.join(root, versions[0], 'bin');
  try {
    const bindir = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
    if (fs.existsSync(path.join(bindir, 'initdb'))) return bindir;
  } catch {
    // no pg_config on PATH
  }
  throw new Error(
    'No PostgreSQL server binaries (initdb, postgres) found under /usr/lib/postgresql/*/bin or pg_config --bindir. ' +
      'Install them: apt-get install -y postgresql',
  );
}

/**
 * PostgreSQL refuses to run as root. As root, the server runs as the `postgres` account (Debian's
 * packages make it) and owns the temp directory; otherwise as the current user.
 */
function serverAccount(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('postgres:'));
  const [, , uid, gid] = line?.split(':') ?? [];
  if (!uid || !gid)
    throw new Error(
      'Running as root, PostgreSQL needs another account to run as, and there is no `postgres` account. ' +
        'Install the server (apt-get install -y postgresql) or run the tests as another user.',
    );
  return { uid: Number(uid), gid: Number(gid) };
}

function run(command: string, args: string[], options: SpawnOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${command} exited with ${code}:\n${output}`)),
    );
  });
}

async function acceptsConnections(serverUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 1000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = findPostgresBinaries();
  const account = serverAccount();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-pg-'));
  const dataDir = path.join(dir, 'data');
  if (account) fs.chownSync(dir, account.uid, account.gid);
  // Started from its own directory: as another account, the test's working directory may be closed to it.
  const spawnOptions: SpawnOptions = { cwd: dir, env: { ...process.env, LC_ALL: 'C' }, ...(account ?? {}) };
  await run(
    path.join(bin, 'initdb'),
    ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-sync'],
    spawnOptions,
  );
  const port = await findFreePort();
  const serverUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  let output = '';

  const start = async () => {
    if (child) return;
    const server = spawn(
      path.join(bin, 'postgres'),
      [
        '-D',
        dataDir,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        `unix_socket_directories=${dir}`,
        '-c',
        'fsync=off',
        '-c',
        'synchronous_commit=off',
        '-c',
        'full_page_writes=off',
        '-c',
        'max_connections=60',
      ],
      { ...spawnOptions, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child = server;
    // Should the test process end without its teardown (a crash, a time-out), the server goes with it.
    const orphaned = () => server.kill('SIGINT');
    process.once('exit', orphaned);
    server.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    server.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    exited = new Promise((resolve) =>
      server.on('exit', () => {
        process.removeListener('exit', orphaned);
        if (child === server) child = undefined;
        resolve();
      }),
    );
    const deadline = Date.now() + 30_000;
    while (!(await acceptsConnections(serverUrl))) {
      if (server.exitCode !== null) throw new Error(`PostgreSQL exited with ${server.exitCode}:\n${output}`);
      if (Date.now() > deadline) throw new Error(`PostgreSQL did not start within 30 s:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  const stop = async () => {
    if (!child) return;
    child.kill('SIGINT');
    await exited;
  };

  try {
    await start();
  } catch (error) {
    await stop();
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    serverUrl,
    port,
    start,
    stop,
    destroy: async () => {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
    output: () => output,
  };
}
