import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/**
 * The process that listens on a TCP port of this machine, found the way `ss
 * -ltnp` finds it: the listening socket's inode in /proc/net/tcp, then the
 * process holding that socket. The browser tier's stack runs in another
 * process (npm test's, or Vitest's global setup), so a fault test reaches a
 * service it wants to kill through its port.
 */
export function pidListeningOn(port: number): number | null {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      // local_address is ADDR:PORT in hex; state 0A is LISTEN; the inode is the tenth field.
      if (fields.length > 9 && fields[1]!.endsWith(`:${hexPort}`) && fields[3] === '0A') inodes.add(fields[9]!);
    }
  }
  if (inodes.size === 0) return null;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${entry}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const target = readlinkSync(`/proc/${entry}/fd/${fd}`);
        const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
        if (inode && inodes.has(inode)) return Number(entry);
      } catch {
        // The descriptor closed while we looked.
      }
    }
  }
  return null;
}

/** The processes whose parent is `pid` (a postmaster's backends and helpers). */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The fourth field of /proc/PID/stat is the parent's pid; the name before it may hold spaces, so read after its ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) children.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return children;
}

/**
 * SIGKILLs the process listening on `port`, as a crash would end it; returns
 * its pid. With `withChildren`, its children die in the same instant: Postgres
 * killed as a machine or container dies, not only its postmaster (whose
 * backends would otherwise go on serving their open connections, and
 * committing, for a while).
 */
export function killListener(port: number, { withChildren = false }: { withChildren?: boolean } = {}): number {
  const pid = pidListeningOn(port);
  if (pid === null) throw new Error(`Nothing listens on port ${port}`);
  if (pid === process.pid) throw new Error(`Port ${port} is this test's own process`);
  const children = withChildren ? childrenOf(pid) : [];
  process.kill(pid, 'SIGKILL');
  for (const child of children) {
    try {
      process.kill(child, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  return pid;
}
