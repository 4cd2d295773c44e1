import { Link, NavLink, useParams } from 'react-router';
import { Disclaimer } from '../../../components/Disclaimer';
import { NotFoundPage } from '../../../components/NotFoundPage';
import { LEARN_CHAPTERS, learnChapter } from '../learn-content';
import { usePageMeta } from '../usePageMeta';
import '../../../components/public-page.css';

/** /learn and /learn/{page}: the explainer (product.md#screens) with a chapter side navigation and the calculator. */
export function LearnPage() {
  const { page } = useParams();
  const chapter = learnChapter(page);
  usePageMeta(chapter?.title ?? 'Page not found', chapter?.description);
  if (!chapter) return <NotFoundPage />;

  const index = LEARN_CHAPTERS.indexOf(chapter);
  const next = LEARN_CHAPTERS[index + 1];
  const Body = chapter.body;

  return (
    <div className="container py-4 py-lg-5">
      <div className="row g-4">
        <nav className="col-12 col-lg-3" aria-label="Learn chapters">
          <p className="rp-eyebrow mb-2">Learn</p>
          <ul className="nav nav-pills flex-lg-column gap-1 rp-side-nav">
            {LEARN_CHAPTERS.map((c) => (
              <li className="nav-item" key={c.slug || 'overview'}>
                <NavLink end to={c.slug ? `/learn/${c.slug}` : '/learn'} className="nav-link">
                  {c.nav}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <article className="col-12 col-lg-9 rp-prose" aria-labelledby="learn-title">
          <h1 id="learn-title" className="h2 mb-3">
            {chapter.title}
          </h1>
          <Body />
          {next ? (
            <div className="border-top mt-5 pt-3 d-flex justify-content-end">
              <Link to={`/learn/${next.slug}`} className="btn btn-outline-primary">
                Next: {next.nav} <span aria-hidden="true">→</span>
              </Link>
            </div>
          ) : null}
          <Disclaimer className="d-block mt-4" />
        </article>
      </div>
    </div>
  );
}
