import { NEW_ACCOUNT_RESTRICTION_MAX } from '@roundup/shared';
import Form from 'react-bootstrap/Form';
import { FieldError, invalidProps } from '../../../components/FieldError';

/** These fields as the form holds them (the reorganisation fee in dollars as typed). */
type AfterSplitValues = { returnsFraction: boolean; newAccountRestriction: string; reorgFee: string };

/**
 * The admin's broker rules about what a member gets back and pays: whether the broker hands back the fraction
 * instead of paying cash, what a new account may not buy yet, and the reorganisation fee.
 */
export function BrokerAfterSplitFields({
  v,
  set,
  errors,
}: {
  v: AfterSplitValues;
  set: (k: keyof AfterSplitValues, value: AfterSplitValues[keyof AfterSplitValues]) => void;
  errors: Record<string, string>;
}) {
  return (
    <>
      <Form.Group className="col-12 col-md-4" controlId="broker-returns-fraction">
        <Form.Check
          type="switch"
          className="mt-md-4"
          label="Returns the fraction instead of cash"
          checked={v.returnsFraction}
          onChange={(e) => set('returnsFraction', e.target.checked)}
        />
        <FieldError id="broker-returns-fraction" error={errors.returnsFraction} />
      </Form.Group>
      <Form.Group className="col-12 col-md-4" controlId="broker-reorg-fee">
        <Form.Label>Reorganisation fee ($)</Form.Label>
        <Form.Control
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          value={v.reorgFee}
          onChange={(e) => set('reorgFee', e.target.value)}
          placeholder="Not known"
          {...invalidProps(errors.reorgFeeCents, 'broker-reorg-fee')}
        />
        <FieldError id="broker-reorg-fee" error={errors.reorgFeeCents} />
      </Form.Group>
      <Form.Group className="col-12" controlId="broker-new-account">
        <Form.Label>New account restriction</Form.Label>
        <Form.Control
          value={v.newAccountRestriction}
          maxLength={NEW_ACCOUNT_RESTRICTION_MAX}
          onChange={(e) => set('newAccountRestriction', e.target.value)}
          placeholder="e.g. no stocks under $1 until funds settle"
          {...invalidProps(errors.newAccountRestriction, 'broker-new-account')}
        />
        <FieldError id="broker-new-account" error={errors.newAccountRestriction} />
      </Form.Group>
    </>
  );
}
