import { calculateOutcomes, CALCULATOR_LIMITS, validateCalculatorInput } from '@roundup/shared/learn';
import { useId, useState } from 'react';
import { formatMoney } from '@roundup/shared/money';

function money(cents: number): string {
  return formatMoney(cents / 100);
}

function profitClass(cents: number): string {
  if (cents > 0) return 'rp-profit-pos';
  if (cents < 0) return 'rp-profit-neg';
  return '';
}

/**
 * The interactive calculator of the Learn pages (beyond the original product): price, ratio and number of
 * accounts → profit per account and in total for each of the five fractional-share outcomes.
 */
export function ProfitCalculator() {
  const id = useId();
  const [price, setPrice] = useState('0.40');
  const [ratio, setRatio] = useState('10');
  const [accounts, setAccounts] = useState('10');

  const input = { price: Number(price), ratio: Number(ratio), accounts: Number(accounts) };
  const problem = price === '' || ratio === '' || accounts === '' ? 'Fill in all three fields.' : validateCalculatorInput(input);
  const rows = problem ? [] : calculateOutcomes(input);
  const best = rows.reduce((max, r) => Math.max(max, r.totalCents), Number.NEGATIVE_INFINITY);

  return (
    <section className="rp-calc p-3 p-md-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="h4 mb-1">
        Round-up profit calculator
      </h2>
      <p className="text-body-secondary small mb-3">
        Enter a stock&rsquo;s price before the split, the split ratio (1-for-N) and how many accounts buy one share each.
      </p>
      <div className="row g-3" role="group" aria-labelledby={`${id}-title`}>
        <div className="col-12 col-sm-4">
          <label htmlFor={`${id}-price`} className="form-label">
            Share price ($)
          </label>
          <input
            id={`${id}-price`}
            className="form-control"
            type="number"
            inputMode="decimal"
            min="0.0001"
            max={CALCULATOR_LIMITS.priceMax}
            step="0.0001"
            value={price}
            onChange={(e) => setPrice(e.target.value)}
            aria-describedby={problem ? `${id}-problem` : undefined}
          />
        </div>
        <div className="col-6 col-sm-4">
          <label htmlFor={`${id}-ratio`} className="form-label">
            Split ratio (1-for-N)
          </label>
          <input
            id={`${id}-ratio`}
            className="form-control"
            type="number"
            inputMode="numeric"
            min={CALCULATOR_LIMITS.ratioMin}
            max={CALCULATOR_LIMITS.ratioMax}
            step="1"
            value={ratio}
            onChange={(e) => setRatio(e.target.value)}
          />
        </div>
        <div className="col-6 col-sm-4">
          <label htmlFor={`${id}-accounts`} className="form-label">
            Accounts
          </label>
          <input
            id={`${id}-accounts`}
            className="form-control"
            type="number"
            inputMode="numeric"
            min={CALCULATOR_LIMITS.accountsMin}
            max={CALCULATOR_LIMITS.accountsMax}
            step="1"
            value={accounts}
            onChange={(e) => setAccounts(e.target.value)}
          />
        </div>
      </div>

      <div aria-live="polite" className="mt-3">
        {problem ? (
          <p id={`${id}-problem`} className="text-danger mb-0" role="alert">
            {problem}
          </p>
        ) : (
          <div className="table-responsive">
            <table className="table align-middle mb-0" data-testid="calculator-results">
              <caption className="small text-body-secondary caption-top">
                1 share at {formatMoney(input.price)} in a 1-for-{input.ratio} split becomes 1/{input.ratio} of a share; a whole
                post-split share is worth about {money(Math.round(input.price * input.ratio * 100))}.
              </caption>
              <thead>
                <tr>
                  <th scope="col">Outcome</th>
                  <th scope="col" className="text-end">
                    Per account
                  </th>
                  <th scope="col" className="text-end">
                    {input.accounts === 1 ? '1 account' : `${input.accounts} accounts`}
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.outcome} className={r.totalCents === best && best > 0 ? 'rp-calc-best' : undefined}>
                    <th scope="row" className="fw-semibold">
                      {r.label}
                    </th>
                    <td className={`text-end ${profitClass(r.perAccountCents)}`}>{money(r.perAccountCents)}</td>
                    <td className={`text-end ${profitClass(r.totalCents)}`} data-testid={`calc-total-${r.outcome}`}>
                      {money(r.totalCents)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
      <p className="small text-body-secondary mt-3 mb-0">
        Before commissions, reorganisation fees and taxes. Not financial advice.
      </p>
    </section>
  );
}
