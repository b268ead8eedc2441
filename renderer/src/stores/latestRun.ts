/**
 * A check whose latest run alone may answer: runs asked for in quick succession are debounced,
 * and a run overtaken by a newer one is told so, to drop its answer. The walk-in's fit check uses
 * it, so that the store itself keeps no timers or sequence numbers.
 */
export interface LatestRun {
  /** Run after the delay, unless asked again before. */
  later(): void;
  /** Run now (a waiting run is dropped); resolves when this run is done. */
  now(): Promise<void>;
  /** Resolves once the latest run asked for is done; a waiting one runs at once. */
  settled(): Promise<void>;
  /** Forget the waiting run, and the answer of the running one. */
  cancel(): void;
}

export function latestRun(
  run: (isLatest: () => boolean) => Promise<void>,
  delayMs: number,
): LatestRun {
  let generation = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> | null = null;
  const stopTimer = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  const self: LatestRun = {
    later() {
      stopTimer();
      timer = setTimeout(() => void self.now(), delayMs);
    },
    now() {
      stopTimer();
      const mine = ++generation;
      const done: Promise<void> = run(() => mine === generation).finally(() => {
        if (running === done) running = null;
      });
      running = done;
      return done;
    },
    settled() {
      return timer ? self.now() : (running ?? Promise.resolve());
    },
    cancel() {
      stopTimer();
      generation++;
    },
  };
  return self;
}
