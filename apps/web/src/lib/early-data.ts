/**
 * The answers that src/early-data.js asked for before the app's code arrived. Each is taken once,
 * by the first GET of its path, and only while it is fresh and asked with the session the app holds now: a
 * sign-out, a new session or a later GET always goes to the server.
 */
interface EarlyData {
  token: string;
  at: number;
  responses: Record<string, Promise<Response> | undefined>;
}

declare global {
  interface Window {
    __roundupEarly?: EarlyData;
  }
}

/** Long enough for a slow phone to download and start the app; short enough that nothing stale is shown. */
export const EARLY_DATA_FRESH_MS = 20_000;

export function takeEarlyResponse(path: string, token: string | null, now = Date.now()): Promise<Response> | undefined {
  const early = typeof window === 'undefined' ? undefined : window.__roundupEarly;
  if (!early || !token || early.token !== token || now - early.at > EARLY_DATA_FRESH_MS) return undefined;
  const response = early.responses[path];
  delete early.responses[path];
  return response;
}
