import { useState } from 'react';
import type { Proposal } from '@roundup/shared/discovery';
import { PIPELINE_STAGE_LABELS, PIPELINE_STAGES, pipelineStageFor, type PipelineStage } from '@roundup/shared/pipeline';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { errorMessages } from '../../../lib/api-client';
import { usePublishPipeline } from '../api';

/**
 * An undated proposal (a proxy, a meeting result, a postponement) goes to the members' pipeline
 * (issue 25 §6, decision 032): Pro members see it with its filing and sentence, Starter members masked.
 * The stage starts from the filing's; the admin sets "vote failed" by hand.
 */
export function PipelinePublish({ p }: { p: Proposal }) {
  const [stage, setStage] = useState<PipelineStage>(pipelineStageFor(p.stage));
  const publish = usePublishPipeline();
  const id = `pipeline-stage-${p._id}`;
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
          disabled={publish.isPending}
          onClick={() => publish.mutate({ id: p._id, stage })}
        >
          Publish to pipeline
        </button>
      </div>
      {publish.isSuccess ? (
        <p className="small text-success mb-0 mt-2" role="status">
          In the pipeline as “{PIPELINE_STAGE_LABELS[publish.data.entry.stage]}”.
        </p>
      ) : null}
      {publish.isError ? <ErrorAlert messages={errorMessages(publish.error)} className="mt-2 mb-0" /> : null}
    </div>
  );
}
