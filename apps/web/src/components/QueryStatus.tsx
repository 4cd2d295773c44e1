import { ErrorAlert } from './ErrorAlert';
import { errorMessages } from '../lib/api-client';

/** A query's load error (dismissing it retries) and, while it loads, a line saying so. */
export function QueryStatus({
  query,
  loadingText,
  firstOnly = false,
}: {
  query: { error: unknown; isPending: boolean; refetch: () => unknown };
  loadingText: string;
  firstOnly?: boolean;
}) {
  return (
    <>
      <ErrorAlert
        messages={query.error ? errorMessages(query.error) : null}
        firstOnly={firstOnly}
        onClose={() => void query.refetch()}
      />
      {query.isPending ? <p className="text-body-secondary">{loadingText}</p> : null}
    </>
  );
}
