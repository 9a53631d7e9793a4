import { existsSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { endianness } from 'node:os';

/** Whether nothing accepts connections on 127.0.0.1:port any more (a server really stopped). */
export function portIsClosed(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

/** Whether a process has exited (signal 0 only asks; it sends nothing). */
export function processIsGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * The local addresses on which something listens on TCP `port` (e.g. `['127.0.0.1']`, or `['::']` for every
 * interface), read from the kernel's socket tables: what `ss -ltn` shows. Null where there are no such
 * tables (Linux has them; macOS and Windows do not), so a caller can say it could not look.
 */
export function listeningAddresses(port: number): string[] | null {
  const tables = [
    { file: '/proc/net/tcp', family: 4 },
    { file: '/proc/net/tcp6', family: 6 },
  ] as const;
  if (!existsSync(tables[0].file)) return null;
  const found: string[] = [];
  for (const { file, family } of tables) {
    if (!existsSync(file)) continue;
    for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
      // "sl local_address rem_address st …": the address and port in hex, the state 0A for LISTEN.
      const [, local, , state] = line.trim().split(/\s+/);
      const [hexAddress, hexPort] = (local ?? '').split(':');
      if (state !== '0A' || !hexAddress || Number.parseInt(hexPort ?? '', 16) !== port) continue;
      found.push(family === 4 ? ipv4(hexAddress) : ipv6(hexAddress));
    }
  }
  return found;
}

/** The kernel prints each 32-bit word of an address as the number in memory: byte-reversed on x86 and ARM. */
function words(hex: string): Buffer[] {
  const little = endianness() === 'LE';
  return (hex.match(/.{8}/g) ?? []).map((word) => {
    const bytes = Buffer.from(word, 'hex');
    return little ? bytes.reverse() : bytes;
  });
}

const ipv4 = (hex: string) => [...(words(hex)[0] ?? [])].join('.');

function ipv6(hex: string): string {
  const bytes = Buffer.concat(words(hex));
  const groups = Array.from({ length: 8 }, (_, i) => bytes.readUInt16BE(i * 2).toString(16));
  // The longest run of zero groups becomes "::", as people write IPv6 addresses.
  const text = groups.join(':');
  const runs = text.match(/(^|:)0(:0)+(:|$)/g) ?? [];
  const longest = runs.reduce((best, run) => (run.length > best.length ? run : best), '');
  return longest === '' ? text : text.replace(longest, '::');
}
