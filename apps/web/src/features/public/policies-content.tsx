import { LIMITS } from '@roundup/shared/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SupportEmail } from '../../lib/site';

export interface Policy {
  slug: 'terms-of-service' | 'privacy-policy';
  title: string;
  description: string;
  body: () => ReactNode;
}

export const POLICIES_UPDATED = 'November 1, 2026';

function Mail() {
  return <SupportEmail />;
}

function Terms() {
  return (
    <>
      <p>
        These Terms of Service govern your use of RoundUp (the &ldquo;Service&rdquo;). By creating an account or using the Service
        you agree to them. If you do not agree, do not use the Service.
      </p>

      <h2 className="h5">1. Eligibility</h2>
      <p>
        You must be <strong>18 years of age or older</strong> to create an account or to accept these terms. By registering you
        confirm that you are at least 18.
      </p>

      <h2 className="h5">2. Not financial advice</h2>
      <p>
        RoundUp provides education and information about reverse stock splits and the round-up strategy.{' '}
        <strong>Nothing on the Service is financial, investment, tax or legal advice</strong>, and nothing is a recommendation to
        buy or sell any security. Split data, estimated profits and broker information may be incomplete or wrong. Trading
        involves risk, including the loss of the money you invest. You alone are responsible for your trades; consult a licensed
        professional if you need advice.
      </p>

      <h2 className="h5">3. Your account</h2>
      <ul>
        <li>Keep your password secret; you are responsible for activity under your account.</li>
        <li>
          <strong>Your username cannot be changed</strong> after registration. Choose it with care; it also forms your referral
          link.
        </li>
        <li>Give accurate information, and keep your email address and phone number current so alerts reach you.</li>
        <li>We may suspend or close accounts that break these terms or misuse the Service.</li>
      </ul>

      <h2 className="h5">4. Plans, billing, cancellation and refunds</h2>
      <ul>
        <li>
          Starter is free. Pro costs ${LIMITS.proMonthlyUsd} per month, billed monthly to the card you provide, until you cancel.
        </li>
        <li>
          <strong>You can cancel anytime</strong> from Settings → Subscription. Pro stays active until the end of the period you
          have paid for; no further charges are made.
        </li>
        <li>
          <strong>A full refund is available within {LIMITS.refundWindowDays} days of your first purchase.</strong> After{' '}
          {LIMITS.refundWindowDays} days, payments are not refundable. Write to <Mail /> to ask for a refund.
        </li>
        <li>
          A lifetime membership is a single payment for Pro features for the life of the Service; the same refund window applies.
        </li>
        <li>Payments are processed by our payment provider; we do not store your card number.</li>
      </ul>

      <h2 className="h5">5. Affiliate program</h2>
      <p>
        Members may share their referral link. Commission of {LIMITS.affiliateCommissionPct}% is earned on referred members who
        register and enroll in a premium subscription, and is earned and paid on the recurring monthly billing date.
      </p>

      <h2 className="h5">6. Acceptable use</h2>
      <p>
        Do not copy or resell the calendar or alerts, scrape the Service, attempt to access other members&rsquo; data, or
        interfere with the Service&rsquo;s security.
      </p>

      <h2 className="h5">7. Liability</h2>
      <p>
        The Service is provided &ldquo;as is&rdquo;. To the extent the law allows, RoundUp is not liable for trading losses or for
        indirect damages arising from your use of the Service.
      </p>

      <h2 className="h5">8. Changes and contact</h2>
      <p className="mb-0">
        We may update these terms and will tell members by email before material changes take effect. Questions: <Mail />. See
        also our <Link to="/policies/privacy-policy">Privacy Policy</Link>.
      </p>
    </>
  );
}

function Privacy() {
  return (
    <>
      <p>
        This Privacy Policy explains what RoundUp collects, why, and the choices you have. It applies to the website and to the
        alerts we send.
      </p>

      <h2 className="h5">1. Children</h2>
      <p>
        <strong>The Service is not for children. Nobody under 13 is allowed to use it</strong>, and we do not knowingly collect
        information from anyone under 13. Accounts require the holder to be 18 or older (see the{' '}
        <Link to="/policies/terms-of-service">Terms of Service</Link>). If you believe a child has given us information, write to{' '}
        <Mail /> and we will delete it.
      </p>

      <h2 className="h5">2. What we collect</h2>
      <ul>
        <li>Account details: username, email address, password (stored only as a secure hash), and optionally a phone number.</li>
        <li>Your brokerage account nicknames and types, and the trades you record. We never ask for brokerage logins.</li>
        <li>Notification preferences, subscription status and billing history from our payment provider.</li>
        <li>The referrer who invited you, if any.</li>
        <li>Pages you view on RoundUp, linked to your user id, to improve the Service. No advertising trackers.</li>
      </ul>

      <h2 className="h5">3. How we use it</h2>
      <p>
        To run your account, send the alerts you choose (email, SMS, WhatsApp, Discord), process payments, pay affiliate
        commissions, answer feedback and keep the Service secure. We do not sell your personal information.
      </p>

      <h2 className="h5">4. Administrators</h2>
      <p>
        <strong>RoundUp administrators can see and edit user information</strong>, such as your email address, phone number, role
        and validation status, to provide support and run the Service. Every administrator change is recorded.
      </p>

      <h2 className="h5">5. Your username</h2>
      <p>
        Usernames cannot be changed once chosen. You can update your email address, phone number and password at any time in
        Settings.
      </p>

      <h2 className="h5">6. Sharing</h2>
      <p>
        We share data only with the providers that run the Service for us (payments, email, SMS and messaging), and when the law
        requires it.
      </p>

      <h2 className="h5">7. Security and retention</h2>
      <p>
        Passwords are hashed, sessions can be revoked, and data travels over encrypted connections. We keep your data while your
        account is open and delete it on request, except where the law requires us to keep billing records.
      </p>

      <h2 className="h5">8. Your choices and contact</h2>
      <p className="mb-0">
        You can change notification settings at any time, unsubscribe from emails, and ask for a copy or deletion of your data at{' '}
        <Mail />. RoundUp is education, not financial advice.
      </p>
    </>
  );
}

export const POLICIES: Policy[] = [
  {
    slug: 'terms-of-service',
    title: 'Terms of Service',
    description:
      'RoundUp Terms of Service: eligibility (18 or older), cancellation anytime, 7-day refund, and no financial advice.',
    body: Terms,
  },
  {
    slug: 'privacy-policy',
    title: 'Privacy Policy',
    description: 'RoundUp Privacy Policy: what we collect, why, who can see it, and the choices you have.',
    body: Privacy,
  },
];

/** product.md#screens: privacy-policy or terms-of-service; anything else shows the terms. */
export function policyFor(page: string | undefined): Policy {
  return POLICIES.find((p) => p.slug === page) ?? POLICIES[0];
}
