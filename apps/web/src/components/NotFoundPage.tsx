import { Link } from 'react-router';
import { Stroke } from './Stroke';

/** The 404 page: unknown paths and pages not yet built. */
export function NotFoundPage() {
  return (
    <section className="ru-notfound container py-5 text-center" aria-labelledby="notfound-title">
      <svg className="ru-notfound-art mb-4" viewBox="0 0 240 120" role="img" aria-label="A chart line that loses its way">
        <Stroke d="M10 100 L60 70 L95 85 L140 40 L170 55" width="6" />
        <Stroke d="M170 55 L200 45" width="6" dash="2 12" miter />
        <circle cx="222" cy="38" r="12" fill="none" stroke="currentColor" strokeWidth="5" />
        <text x="222" y="44" textAnchor="middle" fontSize="16" fontWeight="700" fill="currentColor">
          ?
        </text>
      </svg>
      <p className="text-primary fw-semibold mb-1">404</p>
      <h1 id="notfound-title" className="h2 mb-3">
        Page not found
      </h1>
      <p className="text-body-secondary mx-auto mb-4" style={{ maxWidth: '32rem' }}>
        We couldn&rsquo;t find the page you were looking for. It may have moved, or the link may be mistyped.
      </p>
      <Link to="/" className="btn btn-primary px-4">
        Back to home
      </Link>
      <nav className="mt-4 small" aria-label="Popular pages">
        <span className="text-body-secondary">Or try </span>
        <Link to="/learn">Learn</Link>
        <span className="text-body-secondary" aria-hidden="true">
          {' '}
          ·{' '}
        </span>
        <Link to="/services">Services</Link>
        <span className="text-body-secondary" aria-hidden="true">
          {' '}
          ·{' '}
        </span>
        <Link to="/faq">FAQ</Link>
      </nav>
    </section>
  );
}

export default NotFoundPage;
