/**
 * The answers that src/early-data.js asked for before the app's code arrived. Each is taken once,
 * by the first GET of its path, and only while it is fresh and asked with the session the app holds now: a
 * sign-out, a new session or a later GET always goes to the server.
 */
interface EarlyData {
  token: string;
  at: number;
  responses: Record<string, Promise<Response> | undefined>;
  /** The answers that had arrived, whole and successful, when the app started (`settleEarlyResponses`). */
  settled?: Record<string, SettledAnswer | undefined>;
}

/** An early answer read before the app's first render: a 2xx status and its body. */
export interface SettledAnswer {
  status: number;
  text: string;
}

declare global {
  interface Window {
    __roundupEarly?: EarlyData;
  }
}

/** Long enough for a slow phone to download and start the app; short enough that nothing stale is shown. */
export const EARLY_DATA_FRESH_MS = 20_000;

/** What the early script left, if it ran (never on the server's prerender). */
const earlyData = (): EarlyData | undefined => (typeof window === 'undefined' ? undefined : window.__roundupEarly);

function current(token: string | null, now: number): EarlyData | undefined {
  const early = earlyData();
  if (!early || !token || early.token !== token || now - early.at > EARLY_DATA_FRESH_MS) return undefined;
  return early;
}

export function takeEarlyResponse(path: string, token: string | null, now = Date.now()): Promise<Response> | undefined {
  const early = current(token, now);
  if (!early) return undefined;
  const response = early.responses[path];
  delete early.responses[path];
  if (early.settled) delete early.settled[path];
  return response;
}

/**
 * Waits, at most `waitMs`, for the early answers still on their way, and keeps the body of each one that arrived
 * with a 2xx status, so that the app's first render can be drawn with them (`takeSettledAnswer`) instead of
 * drawing a spinner and then the page once per answer. A failed or late answer is left as it was: the app's own
 * GET takes it and handles it as any answer.
 */
export async function settleEarlyResponses(waitMs: number): Promise<void> {
  const early = earlyData();
  if (!early) return;
  const settled: Record<string, SettledAnswer | undefined> = (early.settled ??= {});
  const reads = Object.entries(early.responses).map(async ([path, asked]) => {
    const response = await asked?.catch(() => undefined);
    if (!response?.ok) return;
    // A copy is read, so the answer itself stays whole for a GET that takes it instead.
    const text = await response
      .clone()
      .text()
      .catch(() => null);
    if (text !== null && early.responses[path] === asked) settled[path] = { status: response.status, text };
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)));
  await Promise.race([Promise.all(reads), late]);
  clearTimeout(timer);
}

/** The settled early answer of `path` (`settleEarlyResponses`), taken once, under the same rules as a response. */
export function takeSettledAnswer(path: string, token: string | null, now = Date.now()): SettledAnswer | undefined {
  const answer = current(token, now)?.settled?.[path];
  if (!answer) return undefined;
  takeEarlyResponse(path, token, now);
  return answer;
}

/** When the early script asked (ms since the epoch): the age of what it brought, for the query cache. */
export function earlyAskedAt(): number {
  return earlyData()?.at ?? Date.now();
}
