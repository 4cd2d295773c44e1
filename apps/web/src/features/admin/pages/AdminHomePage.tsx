import { Link } from 'react-router';
import { ADMIN_SECTIONS } from '../components/AdminLayout';

const DESCRIPTIONS: Record<string, string> = {
  Users: 'Members, roles and subscriptions.',
  'Reverse Splits': 'Add, review and complete announced splits.',
  Brokers: 'The broker directory members see.',
  FAQs: 'Questions and answers by category.',
  Feedback: 'What visitors and members tell us.',
  Comms: 'SMS broadcasts and daily reminders.',
};

export function AdminHomePage() {
  return (
    <>
      <h1 className="h3 fw-bold mb-4">Admin</h1>
      <div className="row g-3">
        {ADMIN_SECTIONS.map((s) => (
          <div key={s.to} className="col-12 col-sm-6 col-xl-4">
            <Link to={s.to} className="card h-100 text-decoration-none ru-hover-card">
              <div className="card-body">
                <h2 className="h5 text-body mb-1">{s.label}</h2>
                <p className="text-body-secondary small mb-0">{DESCRIPTIONS[s.label]}</p>
              </div>
            </Link>
          </div>
        ))}
      </div>
    </>
  );
}
