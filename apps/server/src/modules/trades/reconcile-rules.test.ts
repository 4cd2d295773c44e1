import { describe, expect, it } from 'vitest';
import { clawedBackThisWeek, holdsSomethingToSell, mayOweShare, outcomeDueDate, outcomeOverdue } from './reconcile-rules';

describe('N days after the market date: the broker median rounded up, else 5', () => {
  it.each([
    ['2026-12-14', null, '2026-12-19'],
    ['2026-12-14', 0, '2026-12-14'],
    ['2026-12-14', 1, '2026-12-15'],
    ['2026-12-14', 1.5, '2026-12-16'],
    ['2026-12-14', 14, '2026-12-28'],
    ['2026-12-30', 3, '2027-01-02'],
  ])('market date %s, median %s → due %s', (marketDate, median, due) => {
    expect(outcomeDueDate(marketDate, median)).toBe(due);
  });
});

describe('an account with no outcome is overdue the day after its due date', () => {
  it.each([
    ['pending', null, '2026-12-19', false], // due day itself
    ['pending', null, '2026-12-20', true],
    ['pending', 2, '2026-12-16', false],
    ['pending', 2, '2026-12-17', true],
    ['share_received', null, '2027-02-01', false],
    ['cash_in_lieu', 2, '2027-02-01', false],
  ])('%s, median %s, today %s → overdue %s', (outcome, median, today, overdue) => {
    expect(outcomeOverdue({ outcome, marketDate: '2026-12-14', medianReturnDays: median }, today)).toBe(overdue);
  });
});

describe('cash in lieu on a split that rounded up: the broker may owe a share', () => {
  it.each([
    ['cash_in_lieu', 'Round Up', true],
    ['cash_in_lieu', 'Round Lot', true],
    ['cash_in_lieu', 'CIL', false],
    ['cash_in_lieu', 'Unconfirmed', false],
    ['cash_in_lieu', null, false],
    ['share_received', 'Round Up', false],
    ['no_credit', 'Round Up', false],
  ])('%s on a %s split → %s', (outcome, rsType, owed) => {
    expect(mayOweShare({ outcome, rsType })).toBe(owed);
  });
});

describe('the weekly digest after the split', () => {
  it.each([
    ['share_received', true],
    ['fraction_kept', true],
    ['cash_in_lieu', false],
    ['clawed_back', false],
    ['pending', false],
  ])('%s held is something to sell: %s', (outcome, yes) => {
    expect(holdsSomethingToSell(outcome)).toBe(yes);
  });

  it.each<[string, string | null, boolean]>([
    ['clawed_back', '2026-12-14', true], // today
    ['clawed_back', '2026-12-08', true], // six days ago
    ['clawed_back', '2026-12-07', false], // a week ago: last week's digest named it
    ['clawed_back', '2026-12-15', false], // tomorrow: a typo, not news yet
    ['clawed_back', null, false],
    ['no_credit', '2026-12-14', false],
  ])('%s on %s is in the week up to 2026-12-14: %s', (outcome, outcomeDate, yes) => {
    expect(clawedBackThisWeek({ outcome, outcomeDate }, '2026-12-14')).toBe(yes);
  });
});
