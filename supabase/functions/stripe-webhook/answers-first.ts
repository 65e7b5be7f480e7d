/**
 * Background work that gives way to answers (decision 078). Fifty deliveries
 * arriving at once each store their event and answer; if each also started
 * applying its event at once (a Stripe call and a transaction), the applies
 * would take the CPU the remaining answers wait for, and Stripe, which waits
 * for the answers, would see them late. So work queued with `later` starts
 * only when no answer is being made (`answer`), or once the oldest has
 * waited `maxWaitMs`, at most `concurrency` at a time.
 *
 * Only the order changes: what is queued is already stored, and if the isolate
 * ends before it runs, the schedule applies it (received events are due a
 * minute after storing).
 */
export interface AnswersFirst {
  /** Runs `fn`, the work someone waits for, counted as an answer in progress. */
  answer<T>(fn: () => Promise<T>): Promise<T>;
  /** Queues `run`; the promise settles when it has run (for EdgeRuntime.waitUntil). */
  later(run: () => Promise<unknown>): Promise<void>;
}

export function answersFirst({ concurrency, maxWaitMs }: { concurrency: number; maxWaitMs: number }): AnswersFirst {
  let answering = 0;
  let running = 0;
  const queue: { run: () => Promise<unknown>; queuedAt: number; done: () => void }[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  function pump(): void {
    clearTimeout(timer);
    timer = undefined;
    while (queue.length > 0 && running < concurrency) {
      const waited = performance.now() - queue[0].queuedAt;
      if (answering > 0 && waited < maxWaitMs) {
        timer = setTimeout(pump, maxWaitMs - waited);
        return;
      }
      const next = queue.shift()!;
      running++;
      next
        .run()
        .catch((error) => console.error('background work:', error))
        .finally(() => {
          running--;
          next.done();
          pump();
        });
    }
  }

  return {
    async answer(fn) {
      answering++;
      try {
        return await fn();
      } finally {
        answering--;
        if (answering === 0) pump();
      }
    },
    later(run) {
      return new Promise<void>((done) => {
        queue.push({ run, queuedAt: performance.now(), done });
        pump();
      });
    },
  };
}
