import { useState } from 'react';
import type { Proposal } from '@roundup/shared/discovery';
import { PIPELINE_STAGE_LABELS, PIPELINE_STAGES, pipelineStageFor, type PipelineStage } from '@roundup/shared/pipeline';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { errorMessages } from '../../../lib/api-client';
import { pipelineAudience, usePublishPipeline } from '../api';

/**
 * An undated proposal (a proxy, a meeting result, a postponement) goes to the members' pipeline
 * (decision 032): Pro members see it with its filing and sentence, Starter members masked.
 * The stage starts from the filing's; the admin sets "vote failed" by hand.
 */
export function PipelinePublish({ p }: { p: Proposal }) {
  const [stage, setStage] = useState<PipelineStage>(pipelineStageFor(p.stage));
  const publish = usePublishPipeline();
  // The members who will read it, counted when the button is pressed; the dialog asks once before it goes.
  const [asking, setAsking] = useState<number | null>(null);
  const [countError, setCountError] = useState<string[] | null>(null);
  const id = `pipeline-stage-${p._id}`;
  const ask = async () => {
    setCountError(null);
    try {
      setAsking((await pipelineAudience()).recipients);
    } catch (err) {
      setCountError(errorMessages(err));
    }
  };
  return (
    <div className="border-top mt-3 pt-3" data-testid="pipeline-publish">
      <div className="d-flex flex-wrap align-items-end gap-2">
        <div>
          <label htmlFor={id} className="form-label small mb-1">
            No date yet: show it to Pro members in the pipeline as
          </label>
          <select
            id={id}
            className="form-select form-select-sm"
            value={stage}
            onChange={(e) => setStage(e.target.value as PipelineStage)}
          >
            {PIPELINE_STAGES.map((s) => (
              <option key={s} value={s}>
                {PIPELINE_STAGE_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="btn btn-sm btn-outline-primary"
          disabled={publish.isPending || asking !== null}
          onClick={() => void ask()}
        >
          Publish to pipeline
        </button>
      </div>
      <ConfirmDialog
        show={asking !== null}
        title="Publish to the pipeline?"
        onConfirm={() => publish.mutateAsync({ id: p._id, stage })}
        onDone={() => setAsking(null)}
        onHide={() => setAsking(null)}
        confirmLabel="Publish now"
        busyLabel="Publishing…"
      >
        <p className="mb-0">
          Show {p.ticker || p.company} as “{PIPELINE_STAGE_LABELS[stage]}” to {asking} Pro {asking === 1 ? 'member' : 'members'}?
          Starter members see it masked.
        </p>
      </ConfirmDialog>
      {countError ? <ErrorAlert messages={countError} className="mt-2 mb-0" /> : null}
      {publish.isSuccess ? (
        <p className="small text-success mb-0 mt-2" role="status">
          In the pipeline as “{PIPELINE_STAGE_LABELS[publish.data.entry.stage]}”.
        </p>
      ) : null}
      {publish.isError ? <ErrorAlert messages={errorMessages(publish.error)} className="mt-2 mb-0" /> : null}
    </div>
  );
}
