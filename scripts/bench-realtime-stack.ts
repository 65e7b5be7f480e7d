import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { stackConfig, type StackConfig } from '../supabase/local/config.ts';
import { startStack } from '../supabase/local/stack.ts';

/**
 * The local stack for `npm run bench -- --realtime`, in a process of its own
 * (scripts/bench-realtime.ts starts it), so the hundred measuring clients do
 * not share an event loop with the Realtime stand-in they measure, and the
 * stand-in's memory can be read from /proc. A fresh database beside the test
 * profile's (.data/test[-offset]-realtime), removed on stop. Prints one line
 * of JSON when ready; stops on SIGTERM.
 */
export function realtimeBenchConfig(): StackConfig {
  const base = stackConfig('test');
  const dataDir = `${base.dataDir}-realtime`;
  return { ...base, dataDir, pgDataDir: join(dataDir, 'postgres') };
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const config = realtimeBenchConfig();
  rmSync(config.dataDir, { recursive: true, force: true });
  const stack = await startStack(config, { fresh: true, log: (m) => process.stderr.write(`${m}\n`) });
  let stopping = false;
  process.on('SIGTERM', () => {
    if (stopping) return;
    stopping = true;
    void stack.stop().finally(() => {
      rmSync(config.dataDir, { recursive: true, force: true });
      process.exit(0);
    });
  });
  process.stdout.write(`${JSON.stringify({ ready: true, pid: process.pid })}\n`);
}
