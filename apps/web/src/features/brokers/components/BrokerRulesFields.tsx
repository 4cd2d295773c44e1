import { ROUND_UP_SOURCE_MAX, ROUND_UP_STATUS_LABELS, ROUND_UP_STATUSES, type Broker, type RoundUpStatus } from '@roundup/shared';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { FieldError, invalidProps } from '../../../components/FieldError';
import { BrokerAfterSplitFields } from './BrokerAfterSplitFields';

/** A broker's dated rules as the admin form edits them (text until sent). */
export type BrokerRulesValues = {
  minimumOrder: { below: string; minShares: string }[];
  dayOneDelivery: '' | 'yes' | 'no';
  roundUpStatus: '' | RoundUpStatus;
  roundUpStatusDate: string;
  roundUpStatusSource: string;
  returnsFraction: boolean;
  newAccountRestriction: string;
  /** The reorganisation fee in dollars as typed; sent in cents. */
  reorgFee: string;
};
export const RULE_FIELDS = [
  'minimumOrder',
  'dayOneDelivery',
  'roundUpStatus',
  'roundUpStatusDate',
  'roundUpStatusSource',
  'returnsFraction',
  'newAccountRestriction',
  'reorgFeeCents',
];

export function brokerRulesValues(b?: Broker): BrokerRulesValues {
  return {
    minimumOrder: (b?.minimumOrder ?? []).map((x) => ({ below: String(x.below), minShares: String(x.minShares) })),
    dayOneDelivery: b?.dayOneDelivery === true ? 'yes' : b?.dayOneDelivery === false ? 'no' : '',
    roundUpStatus: b?.roundUpStatus ?? '',
    roundUpStatusDate: b?.roundUpStatusDate ?? '',
    roundUpStatusSource: b?.roundUpStatusSource ?? '',
    returnsFraction: b?.returnsFraction ?? false,
    newAccountRestriction: b?.newAccountRestriction ?? '',
    reorgFee: b?.reorgFeeCents === null || b?.reorgFeeCents === undefined ? '' : (b.reorgFeeCents / 100).toFixed(2),
  };
}

/** What the API takes; a number the admin left unreadable stays NaN, and the shared schema names it. */
export function toBrokerRules(v: BrokerRulesValues) {
  return {
    minimumOrder: v.minimumOrder.map((b) => ({ below: Number(b.below), minShares: Number(b.minShares) })),
    dayOneDelivery: v.dayOneDelivery === '' ? null : v.dayOneDelivery === 'yes',
    roundUpStatus: v.roundUpStatus === '' ? null : v.roundUpStatus,
    roundUpStatusDate: v.roundUpStatusDate === '' ? null : v.roundUpStatusDate,
    roundUpStatusSource: v.roundUpStatusSource.trim() === '' ? null : v.roundUpStatusSource,
    returnsFraction: v.returnsFraction,
    newAccountRestriction: v.newAccountRestriction.trim() === '' ? null : v.newAccountRestriction,
    // Dollars as typed, to cents; an unreadable amount stays NaN for the shared schema to name.
    reorgFeeCents: v.reorgFee.trim() === '' ? null : Math.round(Number(v.reorgFee) * 100),
  };
}

/** One number of a price band, after its words. */
function BandInput(p: {
  id: string;
  label: string;
  min: number;
  step: number | string;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <>
      <label htmlFor={p.id} className="small">
        {p.label}
      </label>
      <Form.Control
        id={p.id}
        size="sm"
        className="w-auto"
        type="number"
        min={p.min}
        step={p.step}
        value={p.value}
        onChange={(e) => p.onChange(e.target.value)}
      />
    </>
  );
}

/**
 * The rules part of the admin broker form: price bands, day-one delivery, round-up status with date and source,
 * and what happens after the split (fraction, new accounts, fee).
 */
export function BrokerRulesFields({
  v,
  set,
  errors,
}: {
  v: BrokerRulesValues;
  set: <K extends keyof BrokerRulesValues>(k: K, value: BrokerRulesValues[K]) => void;
  errors: Record<string, string>;
}) {
  const bands = v.minimumOrder;
  const setBand = (i: number, key: 'below' | 'minShares', value: string) =>
    set(
      'minimumOrder',
      bands.map((b, j) => (j === i ? { ...b, [key]: value } : b)),
    );
  return (
    <fieldset className="col-12 border rounded p-3" aria-describedby="broker-rules-help">
      <legend className="form-label fs-6 float-none w-auto px-1 mb-0">Broker rules</legend>
      <p id="broker-rules-help" className="form-text mt-0">
        Shown on /brokers and in Record Trades. A broker that blocks or does not honour round-ups is marked where members choose
        accounts and left out of “Apply to” by default.
      </p>
      <div className="mb-3">
        <div className="form-label mb-1">Minimum order by price</div>
        {bands.map((b, i) => (
          <div key={i} className="d-flex flex-wrap align-items-center gap-2 mb-2">
            <BandInput
              id={`band-${i}-shares`}
              label="At least"
              min={1}
              step={1}
              value={b.minShares}
              onChange={(x) => setBand(i, 'minShares', x)}
            />
            <BandInput
              id={`band-${i}-below`}
              label="shares when the price is under $"
              min={0}
              step="0.0001"
              value={b.below}
              onChange={(x) => setBand(i, 'below', x)}
            />
            <Button
              size="sm"
              variant="outline-secondary"
              onClick={() =>
                set(
                  'minimumOrder',
                  bands.filter((_, j) => j !== i),
                )
              }
              aria-label={`Remove price band ${i + 1}`}
            >
              Remove
            </Button>
          </div>
        ))}
        <Button size="sm" variant="outline-primary" onClick={() => set('minimumOrder', [...bands, { below: '', minShares: '' }])}>
          Add a price band
        </Button>
        <FieldError id="broker-minimum-order" error={errors.minimumOrder} />
      </div>
      <div className="row g-3">
        <Form.Group className="col-12 col-md-4" controlId="broker-day-one">
          <Form.Label>Share arrives on the effective date</Form.Label>
          <Form.Select
            value={v.dayOneDelivery}
            onChange={(e) => set('dayOneDelivery', e.target.value as BrokerRulesValues['dayOneDelivery'])}
          >
            <option value="">Not known</option>
            <option value="yes">Yes (day one)</option>
            <option value="no">No</option>
          </Form.Select>
        </Form.Group>
        <Form.Group className="col-12 col-md-4" controlId="broker-round-up-status">
          <Form.Label>Round-up status</Form.Label>
          <Form.Select
            value={v.roundUpStatus}
            onChange={(e) => set('roundUpStatus', e.target.value as BrokerRulesValues['roundUpStatus'])}
            {...invalidProps(errors.roundUpStatus, 'broker-round-up-status')}
          >
            <option value="">Not known</option>
            {ROUND_UP_STATUSES.map((s) => (
              <option key={s} value={s}>
                {ROUND_UP_STATUS_LABELS[s]}
              </option>
            ))}
          </Form.Select>
          <FieldError id="broker-round-up-status" error={errors.roundUpStatus} />
        </Form.Group>
        <Form.Group className="col-12 col-md-4" controlId="broker-round-up-date">
          <Form.Label>As of</Form.Label>
          <Form.Control
            type="date"
            value={v.roundUpStatusDate}
            onChange={(e) => set('roundUpStatusDate', e.target.value)}
            {...invalidProps(errors.roundUpStatusDate, 'broker-round-up-date')}
          />
          <FieldError id="broker-round-up-date" error={errors.roundUpStatusDate} />
        </Form.Group>
        <Form.Group className="col-12" controlId="broker-round-up-source">
          <Form.Label>Source of the status</Form.Label>
          <Form.Control
            value={v.roundUpStatusSource}
            maxLength={ROUND_UP_SOURCE_MAX}
            onChange={(e) => set('roundUpStatusSource', e.target.value)}
            placeholder="e.g. support chat on 2026-10-14, or a link"
            {...invalidProps(errors.roundUpStatusSource, 'broker-round-up-source')}
          />
          <FieldError id="broker-round-up-source" error={errors.roundUpStatusSource} />
        </Form.Group>
        <BrokerAfterSplitFields v={v} set={set} errors={errors} />
      </div>
    </fieldset>
  );
}
