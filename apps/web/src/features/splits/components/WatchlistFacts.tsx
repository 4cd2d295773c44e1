import type { PipelineEntry } from '@roundup/shared/pipeline';
import { errorMessages } from '../../../lib/api-client';
import { formatIsoDate } from '../../../lib/format';
import { useFollowPipeline } from '../api';

const day = (d: string) => formatIsoDate(d, 'MMM d, yyyy');

/**
 * What put the issuer on the deficiency watchlist: the exchange's bid-price notice, its date, the last
 * day to regain compliance and the rule; and the Follow button (one alert when a split is proposed).
 */
export function WatchlistFacts({ entry }: { entry: PipelineEntry }) {
  const follow = useFollowPipeline();
  const d = entry.deficiency;
  if (!d) return null;
  const watching = entry.stage === 'deficiency';
  return (
    <div className="small mt-2 d-flex flex-wrap align-items-center column-gap-3 row-gap-1" data-testid="watchlist">
      <span>
        <span className="fw-semibold">Bid-price notice</span> {day(d.noticeDate)} ({d.rule})
        {d.deadline ? ` · regain compliance by ${day(d.deadline)}` : ' · no compliance period: delisting determined'}
      </span>
      {watching ? (
        <button
          type="button"
          className={`btn btn-sm ${entry.following ? 'btn-outline-secondary' : 'btn-outline-primary'}`}
          aria-pressed={entry.following ?? false}
          disabled={follow.isPending}
          onClick={() => follow.mutate({ id: entry._id, follow: !entry.following })}
        >
          {entry.following ? 'Following · stop' : 'Follow: alert me when a split is proposed'}
        </button>
      ) : null}
      {follow.isError ? <span className="text-danger">{errorMessages(follow.error)[0]}</span> : null}
    </div>
  );
}
