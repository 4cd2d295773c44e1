import { Link } from 'react-router';
import { priceLabel, useSite } from '../../../lib/site';
import { planFeatures, PRO_PRICE_LABEL, PRO_SUMMARY, STARTER_SUMMARY } from '../plans';
import { Included } from './Icons';

/** The Starter vs Pro comparison of the landing page, each with Learn More → /services. */
export function PlanCards() {
  const site = useSite().data;
  const features = planFeatures(Boolean(site?.discord));
  const plans = [
    { key: 'starter' as const, name: 'Starter', price: 'FREE', period: '', summary: STARTER_SUMMARY },
    {
      key: 'pro' as const,
      name: 'Pro',
      price: priceLabel(site?.prices.pro) ?? PRO_PRICE_LABEL.replace('/mo.', ''),
      period: '/mo.',
      summary: PRO_SUMMARY,
    },
  ];
  return (
    <div className="row g-4">
      {plans.map((plan) => (
        <div className="col-12 col-md-6" key={plan.key}>
          <article
            className={`rp-plan p-4 d-flex flex-column ${plan.key === 'pro' ? 'rp-plan-pro' : ''}`}
            aria-labelledby={`plan-${plan.key}`}
          >
            <div className="d-flex justify-content-between align-items-start mb-2">
              <h3 id={`plan-${plan.key}`} className="h4 mb-0">
                {plan.name}
              </h3>
              {plan.key === 'pro' ? <span className="badge text-bg-dark">Most popular</span> : null}
            </div>
            <p className="mb-2">
              <span className="rp-plan-price">{plan.price}</span>
              {plan.period ? <span className="text-body-secondary ms-1">{plan.period}</span> : null}
            </p>
            <p className="text-body-secondary">{plan.summary}</p>
            <ul className="list-unstyled rp-feature-list mb-4">
              {features.map((f) => {
                const value = f[plan.key];
                return (
                  <li key={f.label}>
                    <Included yes={value !== false} />
                    <span className={value === false ? 'text-body-secondary' : undefined}>
                      {f.label}
                      {typeof value === 'string' ? ` (${value.toLowerCase()})` : ''}
                    </span>
                  </li>
                );
              })}
            </ul>
            <Link to="/services" className={`btn mt-auto ${plan.key === 'pro' ? 'btn-primary' : 'btn-outline-primary'}`}>
              Learn More<span className="visually-hidden"> about {plan.name}</span>
            </Link>
          </article>
        </div>
      ))}
    </div>
  );
}
