import { Link, useParams } from 'react-router';
import { POLICIES, POLICIES_UPDATED, policyFor, type Policy } from '../policies-content';
import { usePageMeta } from '../usePageMeta';
import '../../../components/public-page.css';

/** /policies/{page}, /terms-of-service and /privacy-policy (product.md#screens): the policy text with a side navigation. */
export function PoliciesPage({ page: fixed }: { page?: Policy['slug'] }) {
  const params = useParams();
  const policy = policyFor(fixed ?? params.page);
  usePageMeta(policy.title, policy.description);
  const Body = policy.body;

  return (
    <div className="container py-4 py-lg-5">
      <div className="row g-4">
        <nav className="col-12 col-lg-3" aria-label="Policies">
          <p className="rp-eyebrow mb-2">Policies</p>
          <ul className="nav nav-pills flex-lg-column gap-1 rp-side-nav">
            {POLICIES.map((p) => (
              <li className="nav-item" key={p.slug}>
                <Link
                  to={`/policies/${p.slug}`}
                  className={`nav-link${p.slug === policy.slug ? ' active' : ''}`}
                  aria-current={p.slug === policy.slug ? 'page' : undefined}
                >
                  {p.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <article className="col-12 col-lg-9 rp-prose" aria-labelledby="policy-title">
          <h1 id="policy-title" className="h2 mb-1">
            {policy.title}
          </h1>
          <p className="text-body-secondary small mb-4">Last updated {POLICIES_UPDATED}</p>
          <Body />
        </article>
      </div>
    </div>
  );
}

export function TermsOfServicePage() {
  return <PoliciesPage page="terms-of-service" />;
}

export function PrivacyPolicyPage() {
  return <PoliciesPage page="privacy-policy" />;
}
