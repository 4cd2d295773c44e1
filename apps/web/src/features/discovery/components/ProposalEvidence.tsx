import type { Proposal } from '@roundup/shared/discovery';

/**
 * The sentence that decided the call, quoted with its neighbours. When the filing's own sentences
 * about the split disagree (a round-up and a round-down or cash), both are quoted: the call is then
 * Unconfirmed and the reviewer decides.
 */
export function ProposalEvidence({ evidence }: { evidence: Proposal['evidence'] }) {
  if (!evidence) return <p className="small text-body-secondary">The filing says nothing about fractional shares.</p>;
  const { before, after, conflict } = evidence;
  // A contradicting neighbour is marked where it stands rather than quoted twice.
  const neighbour = (text: string | null, lead: string, trail: string) =>
    text === null ? null : text === conflict ? (
      <>
        {lead}
        <mark>{text}</mark>
        {trail}
      </>
    ) : (
      <span className="ru-context">{`${lead}${text}${trail}`}</span>
    );
  return (
    <figure className="mb-3">
      <blockquote className="ru-evidence">
        {neighbour(before, '', ' ')}
        <mark>{evidence.sentence}</mark>
        {neighbour(after, ' ', '')}
      </blockquote>
      {conflict && conflict !== before && conflict !== after ? (
        <blockquote className="ru-evidence mt-2">
          <mark>{conflict}</mark>
        </blockquote>
      ) : null}
      <figcaption className="small text-body-secondary mt-1">
        {conflict
          ? "The filing's sentences about the split disagree, so the call is Unconfirmed: read both before accepting."
          : 'The sentence that decided the call, with its neighbours.'}
      </figcaption>
    </figure>
  );
}
