import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { findFreePort } from './server-process';

/** The response header naming the instance (host:port) that served a request through the balancer. */
export const UPSTREAM_HEADER = 'x-upstream';

export type LoadBalancer = {
  /** `http://127.0.0.1:{port}`: the portal's PUBLIC_URL behind it. */
  url: string;
  port: number;
  stop: () => Promise<void>;
  /** nginx's error log and output (for a failure's message). */
  output: () => string;
};

function findNginx(): string {
  for (const candidate of ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx']) {
    if (fs.existsSync(candidate)) return candidate;
  }
  try {
    return execFileSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error('nginx is not installed: apt-get install -y nginx (.ci/run installs it)');
  }
}

/**
 * The README's nginx configuration ("Running at scale"): round robin over the instances, WebSocket
 * upgrades passed through, and the forwarded headers the portal believes from addresses in TRUST_PROXY.
 * For tests, each answer also names the instance that served it (UPSTREAM_HEADER).
 */
export function nginxConfig(options: { dir: string; port: number; upstreams: readonly string[] }): string {
  const { dir, port, upstreams } = options;
  return `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/client-body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 60m;

  map $http_upgrade $connection_upgrade {
    default upgrade;
    '' close;
  }
  upstream portal {
${upstreams.map((address) => `    server ${address};`).join('\n')}
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://portal;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-Host $host;
      proxy_read_timeout 300s;
      proxy_buffering off;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
}

function acceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port }, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

/** nginx in front of `upstreams` (`host:port` each) on a free port, until `stop`. */
export async function startLoadBalancer(upstreams: readonly string[]): Promise<LoadBalancer> {
  const nginx = findNginx();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-nginx-'));
  // As root, nginx's workers run as `nobody`, which must reach the temp folders under this directory.
  fs.chmodSync(dir, 0o755);
  const port = await findFreePort();
  const configFile = path.join(dir, 'nginx.conf');
  fs.writeFileSync(configFile, nginxConfig({ dir, port, upstreams }));
  const child: ChildProcess = spawn(
    nginx,
    ['-p', dir, '-c', configFile, '-e', path.join(dir, 'error.log'), '-g', 'daemon off;'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  // Should the test process end without its teardown (a crash, a time-out), nginx goes with it.
  const orphaned = () => child.kill('SIGTERM');
  process.once('exit', orphaned);
  const exited = new Promise<void>((resolve) =>
    child.on('exit', () => {
      process.removeListener('exit', orphaned);
      resolve();
    }),
  );
  const logs = () => {
    const errorLog = path.join(dir, 'error.log');
    return `${output}${fs.existsSync(errorLog) ? fs.readFileSync(errorLog, 'utf8') : ''}`;
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}:\n${logs()}`);
    // Listening is enough: a request now would reach instances not started yet, which nginx then counts
    // as failed for a while (max_fails, fail_timeout) and skips in its rotation.
    if (await acceptsConnections(port)) break;
    if (Date.now() > deadline) throw new Error(`nginx did not start within 10 s:\n${logs()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    port,
    output: logs,
    stop: async () => {
      // SIGTERM: nginx's fast shutdown, open WebSocket connections included.
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
