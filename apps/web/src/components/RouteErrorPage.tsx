import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { NotFoundPage } from './NotFoundPage';

/** Error boundary for the route tree: 404 responses and unexpected failures (e.g. a chunk that failed to load). */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <section className="container py-5 text-center" aria-labelledby="route-error-title">
      <h1 id="route-error-title" className="h2 mb-3">
        Something went wrong
      </h1>
      <p className="text-body-secondary mb-4">This page could not be shown. Reload to try again, or head back home.</p>
      <div className="d-flex justify-content-center gap-2">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Reload
        </button>
        <Link to="/" className="btn btn-outline-primary">
          Home
        </Link>
      </div>
    </section>
  );
}
