import { can, isAdmin } from '@roundup/shared/permissions';
import { useState } from 'react';
import { Navigate, Outlet } from 'react-router';
import { Spinner } from '../components/Spinner';
import { useAuth } from '../lib/auth';

/**
 * Route guards of product.md#screens. Each is a layout route element: it renders <Outlet />
 * when allowed, else a <Navigate replace />.
 */

/** 1. Signed-in only: "Spinner..." while loading, anonymous → /login. */
export function RequireUser() {
  const { data, loading, signedOut } = useAuth();
  if (loading) return <Spinner />;
  if (!data) return <Navigate to={signedOut ? '/' : '/login'} replace />;
  return <Outlet />;
}

/** 2. Admin only: anonymous → /, non-admins → /reverse-splits. */
export function RequireAdmin() {
  const { data, loading } = useAuth();
  if (loading) return <Spinner />;
  if (!data) return <Navigate to="/" replace />;
  if (!isAdmin(data.role)) return <Navigate to="/reverse-splits" replace />;
  return <Outlet />;
}

/** 3. Roles other than User: auth error → /login, plain Users → /learn. */
export function RequireBeyondStarter() {
  const { data, error, loading, signedOut } = useAuth();
  if (loading) return <Spinner />;
  if (!data && signedOut) return <Navigate to="/" replace />;
  if (error || !data) return <Navigate to="/login" replace />;
  if (!can(data.role, 'area:beyond-starter')) return <Navigate to="/learn" replace />;
  return <Outlet />;
}

/** Logged-out only (/login, /register): signed-in visitors → /reverse-splits. */
export function LoggedOutOnly() {
  const { data, loading, signIns } = useAuth();
  const [signInsAtMount] = useState(signIns);
  if (loading) return <Spinner />;
  // A visitor who signs in on this page (login, register) is sent on by the page itself
  // (e.g. "Get PRO" → /upgrade/pro); only visitors who arrive signed in are redirected.
  if (data && signIns === signInsAtMount) return <Navigate to="/reverse-splits" replace />;
  return <Outlet />;
}
