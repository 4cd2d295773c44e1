import {
  MASK,
  maskedPlaceholderId,
  PIPELINE_STAGES,
  type IssuerHistoryEntry,
  type PipelineEntry,
  type PipelineView,
} from '@roundup/shared';
import { issuerHistoryIndex, type PastSplitFacts } from './issuer-history-rules';
import type { PipelineRow } from './pipeline-repo';
import { seesEverything, type Viewer } from './rules';

/**
 * Who sees the pipeline (decision 032), pure: Pro members and admins see each entry
 * whole, with the filing link, its acceptance time, the deciding sentence and the issuer's history;
 * Starter members and visitors see it masked like any upcoming split (the stage and asterisks).
 */
export function pipelineEntry(r: PipelineRow, history: IssuerHistoryEntry[]): PipelineEntry {
  return {
    _id: r.id,
    name: r.name,
    ticker: r.ticker,
    exchange: r.exchange,
    stage: r.stage,
    ratio: r.ratio,
    ratioRange: r.ratioMin !== null && r.ratioMax !== null ? { min: r.ratioMin, max: r.ratioMax } : null,
    ratioExact: r.ratioExact,
    rsType: r.rsType,
    participant: r.participant,
    buyDate: null,
    effDate: null,
    filingUrl: r.filingUrl,
    acceptedAt: r.acceptedAt?.toISOString() ?? null,
    sentence: r.evidence,
    history,
    deficiency:
      r.deficiencyRule && r.noticeDate
        ? { rule: r.deficiencyRule, noticeDate: r.noticeDate, deadline: r.complianceDeadline }
        : null,
    updatedAt: r.updatedAt.toISOString(),
    masked: false,
  };
}

/**
 * The entries one caller may see. Masked ones are numbered within this response in the order of
 * their stage only, so neither their order nor their id says which issuer they are.
 */
export function presentPipeline(
  viewer: Viewer,
  rows: readonly PipelineRow[],
  past: readonly PastSplitFacts[],
  followed: ReadonlySet<string> = new Set(),
): PipelineView[] {
  if (seesEverything(viewer)) {
    const history = issuerHistoryIndex(past);
    return rows.map((r) => ({
      ...pipelineEntry(r, history({ cik: r.cik, ticker: r.ticker, name: r.name, effDate: null })),
      following: followed.has(r.id),
    }));
  }
  return rows
    .map((r) => r.stage)
    .sort((a, b) => PIPELINE_STAGES.indexOf(a) - PIPELINE_STAGES.indexOf(b))
    .map((stage, i) => ({
      _id: maskedPlaceholderId(i + 1),
      name: MASK,
      ticker: MASK,
      stage,
      buyDate: null,
      effDate: null,
      masked: true as const,
    }));
}
