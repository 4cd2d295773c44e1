/**
 * A background job's loop (the discovery and confirmation pollers): runs `run` now and then every
 * `tickMs`, never two at once; `stop` waits for the run in flight. The job's own slot table decides
 * whether a tick does anything (once per slot across processes).
 */
export function pollLoop(run: () => Promise<unknown>, onError: (err: unknown) => void, tickMs: number) {
  let stopped = false;
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (stopped || running) return;
    running = run()
      .catch(onError)
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, tickMs);
  tick();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
