import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { RouteHandle } from './route-handle';

/**
 * What a feature contributes to the router. Each `src/features/<d>/routes.tsx` exports one
 * `FeatureRoutes`; `app/router.tsx` puts each group behind its guard. Paths are relative
 * (no leading slash): `public`/`loggedOut`/`user`/`beyondStarter` under `/`, `admin` under `/admin`.
 */
export interface FeatureRoutes {
  /** Anyone, signed in or not. */
  public?: RouteObject[];
  /** Signed-out visitors only (LoggedOutOnly: signed-in → /reverse-splits). */
  loggedOut?: RouteObject[];
  /** Signed-in users (RequireUser: anonymous → /login). */
  user?: RouteObject[];
  /** Roles other than User (RequireBeyondStarter: User → /learn, auth error → /login). */
  beyondStarter?: RouteObject[];
  /** Admins (RequireAdmin), inside the admin layout; paths relative to /admin. */
  admin?: RouteObject[];
}

/** Typed `handle` for a route object. */
export function handle(value: RouteHandle): RouteHandle {
  return value;
}

/**
 * A page loaded on first visit: `lazyPage('faqs', { title: 'FAQs' }, async () => (await import('./pages/X')).X)`.
 * The `import()` stays in the feature's routes.tsx, so each page is its own chunk.
 */
export function lazyPage(path: string, handle: RouteHandle, load: () => Promise<ComponentType>): RouteObject {
  return { path, handle, lazy: async () => ({ Component: await load() }) };
}
