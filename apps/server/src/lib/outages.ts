/**
 * One log line when a dependency goes away and one when it is back, with the count of requests refused
 * meanwhile, instead of one line per failed request (a 20 s outage under load was 1,153 warnings).
 * An outage is keyed by what failed (`database`, `timeout:trades`, `pool`); it is over once the
 * dependency answers again and QUIET_MS have passed without another failure of the same key, so a
 * table whose rows are locked one by one does not open and close an outage per request.
 */
export interface OutageLog {
  warn(obj: Record<string, unknown>, msg: string): void;
}

export interface Outage {
  key: string;
  /** What readiness and the log say, e.g. "queries timing out on trades". */
  reason: string;
  since: number;
  lastFailure: number;
  refused: number;
}

export interface Outages {
  /** A failure of `key`: opens its outage (one warning) or extends it. */
  failed(key: string, reason: string, detail?: Record<string, unknown>): void;
  /** A request answered 503 because of the open outage `key`. */
  refused(key: string): void;
  /** The dependency answered: closes each outage quiet for QUIET_MS (one line each). */
  answered(): void;
  /** The outages still open (readiness lists them). */
  open(): Outage[];
  /** Where the lines go (buildApp points it at the app's logger). */
  setLog(log: OutageLog): void;
}

export const QUIET_MS = 5_000;

export function outages(now: () => number = Date.now, quietMs = QUIET_MS): Outages {
  const current = new Map<string, Outage>();
  let log: OutageLog = { warn: () => undefined };
  const close = (o: Outage, t: number) => {
    current.delete(o.key);
    const seconds = Math.round((t - o.since) / 100) / 10;
    // A warning too, so a log filtered to warnings shows both ends of the outage.
    log.warn(
      { outage: o.key, refused: o.refused, seconds },
      `${o.reason}: over after ${seconds} s; ${o.refused} requests refused meanwhile`,
    );
  };
  return {
    failed(key, reason, detail = {}) {
      const t = now();
      const o = current.get(key);
      if (o) {
        o.lastFailure = t;
        return;
      }
      current.set(key, { key, reason, since: t, lastFailure: t, refused: 0 });
      log.warn({ outage: key, ...detail }, `${reason}: answering 503 until it is over`);
    },
    refused(key) {
      const o = current.get(key);
      if (o) o.refused += 1;
    },
    answered() {
      if (current.size === 0) return;
      const t = now();
      for (const o of [...current.values()]) if (t - o.lastFailure >= quietMs) close(o, t);
    },
    open: () => [...current.values()],
    setLog(l) {
      log = l;
    },
  };
}
