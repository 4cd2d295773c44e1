import type { Confirmation, SplitVerdict } from '@roundup/shared';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { addProFacts } from './add-pro-facts';
import type { StoredSplit } from './repo';
import { strip } from './rules';

/**
 * A use case with its upward read as a port (eslint/boundaries.js MODULE_ORDER): the confirmations
 * module's read arrives as `deps.upward`, so this test passes a fake and no database.
 */
const split = (id: string, over: Partial<StoredSplit> = {}): StoredSplit => ({
  _id: id,
  name: 'Acme Corp',
  ticker: 'ACME',
  effDate: '2026-12-01',
  buyDate: '2026-11-28',
  ratio: 10,
  price: 2,
  estProfit: 1,
  avgProfit: 0,
  status: 'Upcoming',
  rsType: 'Round Up',
  source: 'https://www.sec.gov/acme',
  notes: '',
  caution: false,
  exchange: null,
  deadline: { regularClose: '2026-11-28T21:00:00.000Z', haltAt: null },
  participant: false,
  masked: false,
  archived: false,
  filing: { cik: '0000001', sentence: 'rounded up to the nearest whole share', acceptedAt: null },
  ...over,
});

const confirmed: Confirmation = { state: 'confirmed', sources: [] };
const verdict: SplitVerdict = {
  brokerId: 'b1',
  brokerName: 'Schwab',
  outcome: 'share_received',
  members: 3,
  firstAt: '2026-11-02T15:00:00.000Z',
};

function deps() {
  const asked: string[][] = [];
  return {
    asked,
    deps: {
      db: {} as Db,
      clawbacks: async () => [],
      upward: {
        splitsWithClawedBackShares: async () => new Set<string>(),
        confirmationsFor: async (_db: Db, splits: readonly { _id: string }[]) => {
          asked.push(splits.map((s) => s._id));
          return new Map(splits.map((s) => [s._id, confirmed]));
        },
        verdictsFor: async (_db: Db, ids: readonly string[]) => {
          asked.push(ids.map((id) => `verdicts:${id}`));
          return new Map(ids.map((id) => [id, [verdict]]));
        },
      },
    },
  };
}

describe('addProFacts', () => {
  it('adds the confirmation (through the port), the filing and the history to what a Pro member sees whole', async () => {
    const stored = [split('a')];
    const { asked, deps: d } = deps();
    const [row] = await addProFacts(d, { viewer: 'Pro', rows: stored.map(strip), stored, candidates: [] });
    expect(asked).toEqual([['a'], ['verdicts:a']]);
    expect(row).toMatchObject({
      confirmation: confirmed,
      verdicts: [verdict],
      evidence: { sentence: 'rounded up to the nearest whole share', filingUrl: 'https://www.sec.gov/acme', acceptedAt: null },
      history: [],
      risk: { level: 'normal', reasons: [] },
    });
  });

  it("leaves members' reports off a calendar feed (verdicts: false)", async () => {
    const stored = [split('a')];
    const { asked, deps: d } = deps();
    const [row] = await addProFacts(d, { viewer: 'Pro', rows: stored.map(strip), stored, candidates: [], verdicts: false });
    expect(asked).toEqual([['a']]);
    expect(row).not.toHaveProperty('verdicts');
  });

  it('asks nothing and adds nothing for a Starter', async () => {
    const stored = [split('a')];
    const { asked, deps: d } = deps();
    const rows = stored.map(strip);
    expect(await addProFacts(d, { viewer: 'User', rows, stored, candidates: [] })).toBe(rows);
    expect(asked).toEqual([]);
  });
});
