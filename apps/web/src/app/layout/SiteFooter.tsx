import { Link } from 'react-router';
import { useAuth } from '../../lib/auth';
import { SupportEmail } from '../../lib/site';
import { BrandMark } from './BrandMark';
import { FooterArtMember, FooterArtVisitor } from './FooterArt';

export function SiteFooter() {
  const { data: user } = useAuth();
  return (
    <footer className="ru-footer mt-auto">
      <div className="container py-5">
        <div className="row g-4 align-items-center">
          <div className="col-12 col-md-5">
            <Link to="/" className="d-inline-flex align-items-center gap-2 text-white text-decoration-none fw-bold fs-5 mb-2">
              <BrandMark size={26} />
              RoundUp
            </Link>
            <p className="text-white-50 small mb-0">
              {user
                ? 'Keep checking the calendar: small, steady round-ups add up.'
                : 'Small gains lead to big wins. Learn the reverse-split round-up strategy.'}
            </p>
          </div>
          <nav className="col-12 col-md-4" aria-label="Footer">
            <ul className="list-unstyled ru-footer-links mb-0">
              <li>
                <Link to="/learn">Learn</Link>
              </li>
              <li>
                <Link to="/services">Services</Link>
              </li>
              <li>
                <Link to="/faq">FAQs</Link>
              </li>
              <li>
                <Link to="/policies">Policies</Link>
              </li>
              <li>
                <SupportEmail>Contact Us</SupportEmail>
              </li>
            </ul>
          </nav>
          <div className="col-12 col-md-3 text-md-end">{user ? <FooterArtMember /> : <FooterArtVisitor />}</div>
        </div>
        <hr className="border-secondary my-4" />
        <p className="small text-white-50 mb-0">
          {/* The pages rendered at build may be from last year: Preact writes this year's number over it as it hydrates. */}
          &copy; <span>{new Date().getFullYear()}</span> RoundUp. For education only; not financial advice.
        </p>
      </div>
    </footer>
  );
}
