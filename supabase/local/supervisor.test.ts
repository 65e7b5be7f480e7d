import { describe, expect, it } from 'vitest';

import { supervise, type Supervisable } from './supervisor.ts';

/** A service that ends when killed, and whose starts can be made to fail. */
function fakeService() {
  const runs: { stopped: boolean }[] = [];
  let failNextStarts = 0;
  let killCurrent: (why: string) => void = () => undefined;
  const start = async (): Promise<Supervisable> => {
    if (failNextStarts > 0) {
      failNextStarts -= 1;
      throw new Error('port 1 is taken\nmore detail');
    }
    const run = { stopped: false };
    runs.push(run);
    let end!: (why: string) => void;
    const ended = new Promise<string>((resolve) => (end = resolve));
    killCurrent = (why) => end(why);
    return {
      ended,
      kill: () => end('killed by SIGKILL'),
      stop: async () => {
        run.stopped = true;
      },
    };
  };
  return {
    start,
    runs,
    failStarts: (n: number) => (failNextStarts = n),
    crash: (why: string) => killCurrent(why),
  };
}

const quick = { firstDelayMs: 1, maxDelayMs: 4, healthyAfterMs: 60_000 };

describe('the local stack’s supervisor', () => {
  it('starts a killed service again, says so, and counts the restart', async () => {
    const service = fakeService();
    const said: string[] = [];
    const supervised = await supervise('PostgREST', service.start, { ...quick, log: (m) => said.push(m) });
    expect(supervised.state).toBe('running');

    supervised.kill();
    await supervised.running(1);
    expect(supervised.restarts).toBe(1);
    expect(service.runs).toHaveLength(2);
    expect(said[0]).toBe('PostgREST stopped unexpectedly (killed by SIGKILL).');
    expect(said[1]).toBe('Starting PostgREST again in 1 ms…');
    expect(said[2]).toMatch(/^PostgREST is running again \(\d+\.\d s after it stopped\)\.$/);

    service.crash('exit code 1');
    await supervised.running(2);
    expect(service.runs).toHaveLength(3);
    // The second quick failure in a row waits twice as long.
    expect(said).toContain('Starting PostgREST again in 2 ms…');
    await supervised.stop();
  });

  it('keeps trying while a start fails, then runs again', async () => {
    const service = fakeService();
    const said: string[] = [];
    const supervised = await supervise('Realtime', service.start, { ...quick, log: (m) => said.push(m) });
    service.failStarts(2);
    supervised.kill();
    await supervised.running(1);
    expect(said.filter((m) => m === 'Realtime could not start again: port 1 is taken')).toHaveLength(2);
    // 1, 2, then 4 ms: the delay grows with each failure in a row, up to its ceiling.
    expect(said.filter((m) => m.startsWith('Starting Realtime again'))).toEqual([
      'Starting Realtime again in 1 ms…',
      'Starting Realtime again in 2 ms…',
      'Starting Realtime again in 4 ms…',
    ]);
    expect(supervised.state).toBe('running');
    await supervised.stop();
  });

  it('gives up after too many failures in a row and says what to do', async () => {
    const service = fakeService();
    const said: string[] = [];
    const supervised = await supervise('Auth', service.start, { ...quick, maxFailures: 3, log: (m) => said.push(m) });
    service.failStarts(100);
    supervised.kill();
    await expect.poll(() => supervised.state, { timeout: 30_000 }).toBe('given up');
    expect(said.at(-1)).toBe(
      'Auth keeps stopping (3 restarts in a row failed; last: port 1 is taken). ' +
        'The rest of the stack keeps running without it: stop the stack (Ctrl-C) and start it again.',
    );
    expect(service.runs).toHaveLength(1);
    await supervised.stop();
  });

  it('starts from the first delay again after a healthy run', async () => {
    const service = fakeService();
    const said: string[] = [];
    const supervised = await supervise('Storage', service.start, { ...quick, healthyAfterMs: 0, log: (m) => said.push(m) });
    for (let i = 1; i <= 3; i++) {
      supervised.kill();
      await supervised.running(i);
    }
    expect(said.filter((m) => m.startsWith('Starting Storage again'))).toEqual(Array(3).fill('Starting Storage again in 1 ms…'));
    await supervised.stop();
  });

  it('stops without starting again, and a first start that fails is thrown', async () => {
    const service = fakeService();
    const supervised = await supervise('Mail', service.start, { ...quick, log: () => undefined });
    await supervised.stop();
    expect(supervised.state).toBe('stopped');
    expect(service.runs).toEqual([{ stopped: true }]);
    service.crash('late exit');
    expect(service.runs).toHaveLength(1);

    const broken = fakeService();
    broken.failStarts(1);
    await expect(supervise('Functions', broken.start, { ...quick, log: () => undefined })).rejects.toThrow('port 1 is taken');
  });
});
