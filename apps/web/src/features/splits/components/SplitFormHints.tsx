import Form from 'react-bootstrap/Form';
import { splitDateWarnings } from '@roundup/shared/split-checks';
import { defaultEstProfit } from '@roundup/shared/splits';
import { formatMoney } from '../../../lib/format';
import type { FormState } from './split-form-state';

/**
 * The split form's date warnings: a buy-by or effective date the exchange is closed
 * on, or a buy-by date that is not the last session before the effective date. A warning, never
 * a block: /api/rs/add and /edit take what SPEC allows.
 */
export function DateWarnings({ buyDate, effDate }: { buyDate: string; effDate: string }) {
  const warnings = splitDateWarnings({ buyDate, effDate });
  if (warnings.length === 0) return null;
  return (
    <div className="col-12" role="status" data-testid="date-warnings">
      <div className="alert alert-warning py-2 mb-0 small">
        {warnings.map((w) => (
          <div key={w.msg}>{w.msg}. Members will be told to buy on that day.</div>
        ))}
      </div>
    </div>
  );
}

/**
 * What the estimated profit will be: (ratio − 1) × price when empty, and, on an edit whose ratio or
 * price moved while the figure is still the old one, that the server derives it again (decision 025).
 */
export function EstProfitHint({ f, initial, isEdit }: { f: FormState; initial: FormState; isEdit: boolean }) {
  const ratio = Number(f.ratio);
  const price = Number(f.price);
  const derived =
    f.ratio && f.price && Number.isInteger(ratio) && ratio >= 2 && price >= 0
      ? formatMoney(defaultEstProfit(ratio, price))
      : null;
  const termsMoved = isEdit && (Number(f.ratio) !== Number(initial.ratio) || Number(f.price) !== Number(initial.price));
  if (derived && termsMoved && f.estProfit !== '' && Number(f.estProfit) === Number(initial.estProfit))
    return (
      <Form.Text className="text-warning-emphasis fw-semibold" data-testid="est-recompute">
        The ratio or price changed: saving recomputes it to {derived}. Type a new figure to override.
      </Form.Text>
    );
  return <Form.Text>{derived ? `Empty = (ratio − 1) × price = ${derived}` : 'Empty = (ratio − 1) × price'}</Form.Text>;
}
