import Accordion from 'react-bootstrap/Accordion';
import { Link } from 'react-router';
import { SupportEmail } from '../../../lib/site';
import { SafeHtml } from '../../../components/SafeHtml';
import { usePublicFaqs } from '../public-api';
import '../../../components/public-page.css';

/** /faq: the accordion of FAQs from GET /api/faqs, ordered by sort (product.md#screens). */
export function FaqPage() {
  const { data: faqs, isPending } = usePublicFaqs();

  return (
    <>
      <section className="rp-hero" aria-labelledby="faq-title">
        <div className="container py-5 text-center">
          <span className="rp-hero-kicker mb-3">Help center</span>
          <h1 id="faq-title" className="display-6 rp-hero-title mb-3">
            Frequently asked questions
          </h1>
          <p className="lead mb-0 mx-auto" style={{ maxWidth: '40rem' }}>
            Answers about the round-up strategy, brokers, membership and the affiliate program.
          </p>
        </div>
      </section>
      <section className="rp-section">
        <div className="container" style={{ maxWidth: '52rem' }}>
          {isPending ? (
            // data-needs-app: on the page rendered at build, the app starts when this is in view (decision 016).
            <div
              className="d-flex align-items-center justify-content-center gap-2 text-body-secondary py-4"
              role="status"
              data-needs-app=""
            >
              <span className="spinner-border spinner-border-sm" aria-hidden="true" />
              Loading questions…
            </div>
          ) : faqs && faqs.length > 0 ? (
            <Accordion className="rp-faq" alwaysOpen>
              {faqs.map((faq) => (
                <Accordion.Item eventKey={faq._id} key={faq._id}>
                  <Accordion.Header as="h2">
                    <span className="fw-semibold">{faq.question}</span>
                  </Accordion.Header>
                  <Accordion.Body>
                    <SafeHtml html={faq.answer} className="rp-rich" />
                    {faq.category ? <p className="small text-body-secondary mt-3 mb-0">Category: {faq.category}</p> : null}
                  </Accordion.Body>
                </Accordion.Item>
              ))}
            </Accordion>
          ) : (
            <p className="text-center text-body-secondary">No questions have been published yet.</p>
          )}
          <div className="rp-callout mt-5">
            <h2 className="h6 mb-1">Still have a question?</h2>
            <p className="mb-0">
              Write to <SupportEmail />, use the Feedback button, or read the <Link to="/learn">Learn</Link> guide.
            </p>
          </div>
        </div>
      </section>
    </>
  );
}
