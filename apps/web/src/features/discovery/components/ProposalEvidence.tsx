import type { Proposal } from '@roundup/shared/discovery';

/**
 * The sentence that decided the call, quoted with its neighbours. When the filing's own sentences
 * about the split disagree (a round-up and a round-down or cash), both are quoted: the call is then
 * Unconfirmed and the reviewer decides.
 */
export function ProposalEvidence({ evidence }: { evidence: Proposal['evidence'] }) {
  if (!evidence) return <p className="small text-body-secondary">The filing says nothing about fractional shares.</p>;
  return (
    <figure className="mb-3">
      <blockquote className="ru-evidence">
        {evidence.before ? <span className="ru-context">{evidence.before} </span> : null}
        <mark>{evidence.sentence}</mark>
        {evidence.after ? <span className="ru-context"> {evidence.after}</span> : null}
      </blockquote>
      {evidence.conflict ? (
        <blockquote className="ru-evidence mt-2">
          <mark>{evidence.conflict}</mark>
        </blockquote>
      ) : null}
      <figcaption className="small text-body-secondary mt-1">
        {evidence.conflict
          ? "The filing's sentences about the split disagree, so the call is Unconfirmed: read both before accepting."
          : 'The sentence that decided the call, with its neighbours.'}
      </figcaption>
    </figure>
  );
}
