import { describe, expect, it } from 'vitest';
import type { PipelineRow } from './pipeline-repo';
import { presentPipeline } from './pipeline-rules';

const row = (p: Partial<PipelineRow> & { id: string }): PipelineRow => ({
  cik: '111',
  name: 'Zeta Bio Inc.',
  ticker: 'ZETA',
  exchange: 'Nasdaq',
  stage: 'proposed',
  ratio: null,
  ratioMin: 5,
  ratioMax: 50,
  ratioExact: null,
  rsType: 'Round Up',
  participant: false,
  filingUrl: 'https://www.sec.gov/Archives/edgar/data/111/x-index.htm',
  acceptedAt: new Date('2026-11-20T21:05:00Z'),
  evidence: 'No fractional shares will be issued; they will be rounded up to the next whole share.',
  proposalId: null,
  noticeDate: null,
  complianceDeadline: null,
  deficiencyRule: null,
  updatedAt: new Date('2026-11-21T10:00:00Z'),
  ...p,
});

const rows = [row({ id: 'b', stage: 'cancelled', cik: '222', name: 'Alpha', ticker: 'ALFA' }), row({ id: 'a' })];
const past = [
  {
    id: 'old',
    cik: '111',
    ticker: 'ZETA',
    name: 'Zeta Bio',
    effDate: '2024-05-01',
    ratio: 20,
    rsType: 'CIL',
    status: 'Complete',
  },
];

describe('presentPipeline: the masking matrix', () => {
  it.each(['Pro', 'Member', 'Admin'])('%s sees every entry whole, with its evidence and history', (role) => {
    const out = presentPipeline(role, rows, past);
    expect(out.map((e) => e._id)).toEqual(['b', 'a']);
    const zeta = out[1];
    expect(zeta).toMatchObject({
      masked: false,
      name: 'Zeta Bio Inc.',
      stage: 'proposed',
      ratioRange: { min: 5, max: 50 },
      acceptedAt: '2026-11-20T21:05:00.000Z',
      sentence: expect.stringContaining('rounded up'),
      history: [{ date: '2024-05-01', ratio: 20, rounding: 'Cash in lieu' }],
      buyDate: null,
    });
  });

  it.each(['User', null])('%s gets masked stand-ins: stage only, placeholder ids in stage order', (role) => {
    const out = presentPipeline(role, rows, past);
    expect(out).toEqual([
      { _id: 'masked-1', name: '*****', ticker: '*****', stage: 'proposed', buyDate: null, effDate: null, masked: true },
      { _id: 'masked-2', name: '*****', ticker: '*****', stage: 'cancelled', buyDate: null, effDate: null, masked: true },
    ]);
    expect(JSON.stringify(out)).not.toMatch(/ZETA|Zeta|sec\.gov|rounded|111/);
  });
});

describe('presentPipeline: the deficiency watchlist', () => {
  const watched = row({
    id: 'w',
    cik: '333',
    stage: 'deficiency',
    rsType: 'Unconfirmed',
    noticeDate: '2026-03-25',
    complianceDeadline: '2026-09-21',
    deficiencyRule: 'Nasdaq 5550(a)(2)',
  });

  it('a Pro member sees the notice, and whether they follow the entry', () => {
    const [entry, other] = presentPipeline('Pro', [watched, rows[1]], [], new Set(['w']));
    expect(entry).toMatchObject({
      stage: 'deficiency',
      deficiency: { rule: 'Nasdaq 5550(a)(2)', noticeDate: '2026-03-25', deadline: '2026-09-21' },
      following: true,
    });
    expect(other).toMatchObject({ deficiency: null, following: false });
  });

  it('a Starter sees it masked like any entry, first in stage order, with no notice', () => {
    const out = presentPipeline('User', [rows[1], watched], [], new Set(['w']));
    expect(out.map((e) => e.stage)).toEqual(['deficiency', 'proposed']);
    expect(JSON.stringify(out)).not.toMatch(/5550|2026-03-25|following|deficiency":/);
  });
});
