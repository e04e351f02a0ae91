import { createServer } from 'node:net';

// A free port for a server a test starts (the browser tests' portal and simulators, the integration tests'
// server processes): one helper for both, so the way a port is chosen is decided once.

/**
 * The ports the tests' servers listen on are picked below the kernel's ephemeral range
 * (/proc/sys/net/ipv4/ip_local_port_range, 32768–60999 here): a port the kernel handed out for a moment and
 * took back can be given to any outgoing connection of the busy machine before our server binds it (seen:
 * EADDRINUSE at start-up while the integration suite ran beside). Below that range only a listener can
 * hold a port, and the probe shows whether one does.
 */
const PORT_RANGE = { from: 20_000, to: 32_000 };

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

const pickedPorts = new Set<number>();
export async function findFreePort(): Promise<number> {
  for (;;) {
    const port = PORT_RANGE.from + Math.floor(Math.random() * (PORT_RANGE.to - PORT_RANGE.from));
    if (pickedPorts.has(port) || !(await isFree(port))) continue;
    pickedPorts.add(port);
    return port;
  }
}
