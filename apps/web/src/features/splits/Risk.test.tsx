import { render, screen, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import type { SplitRisk } from '@roundup/shared/split-risk';
import { RiskBadge, RiskReasons } from './components/SplitRisk';

const high: SplitRisk = {
  level: 'high',
  reasons: [
    { code: 'clawback_history', text: 'Issuer reversed round-up shares in 2024', source: 'https://example.org/claw' },
    { code: 'sub_dime', text: 'Last known price $0.08, at or below $0.10', source: '/learn/risks#sub-dime' },
  ],
};

describe('issuer risk on a split (decision 045)', () => {
  it('badges an elevated or high risk, and stays quiet for a normal one or a row without risk', () => {
    const { rerender } = render(<RiskBadge risk={high} />);
    expect(screen.getByTestId('risk')).toHaveTextContent('High risk');
    expect(screen.getByTestId('risk')).toHaveAttribute('title', 'Issuer reversed round-up shares in 2024');
    rerender(<RiskBadge risk={{ level: 'elevated', reasons: high.reasons.slice(1) }} />);
    expect(screen.getByTestId('risk')).toHaveTextContent('Elevated risk');
    rerender(<RiskBadge risk={{ level: 'normal', reasons: [] }} />);
    expect(screen.queryByTestId('risk')).toBeNull();
    rerender(<RiskBadge />);
    expect(screen.queryByTestId('risk')).toBeNull();
  });

  it('lists each reason with its source; an outside source opens in a new tab, the risk page in place', () => {
    render(<RiskReasons risk={high} />);
    const items = within(screen.getByTestId('risk-reasons')).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Issuer reversed round-up shares in 2024 (source)',
      'Last known price $0.08, at or below $0.10 (source)',
    ]);
    const [outside, page] = screen.getAllByRole('link', { name: 'source' });
    expect(outside).toHaveAttribute('target', '_blank');
    expect(page).toHaveAttribute('href', '/learn/risks#sub-dime');
    expect(page).not.toHaveAttribute('target');
  });

  it('says when no known risk applies', () => {
    render(<RiskReasons risk={{ level: 'normal', reasons: [] }} />);
    expect(screen.getByTestId('risk-reasons')).toHaveTextContent('Risk: no known issuer risk (what we check)');
  });
});
