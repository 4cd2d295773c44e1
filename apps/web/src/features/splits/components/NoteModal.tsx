import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import type { Split } from '@roundup/shared/splits';
import { ConfirmationLine } from './ConfirmationLine';
import { PeerOutcomes } from './PeerOutcomes';
import { ChangeHistory } from './SplitChanges';
import { SplitDeadline } from './SplitDeadline';
import { CallBadge } from './CallBadge';
import { SplitEvidence } from './SplitEvidence';
import { RiskBadge } from './SplitRisk';
import { SellAsLine } from './SellAsLine';

/** The Note modal opened from a split's note icon (product.md#screens). */
export function NoteModal({ split, onHide }: { split: Split | null; onHide: () => void }) {
  return (
    <Modal show={split !== null} onHide={onHide} centered>
      {split ? (
        <>
          <Modal.Header closeButton>
            <Modal.Title as="h2" className="h5">
              Note · {split.name} ({split.ticker})
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <CallBadge split={split} className="mb-2" />
            <RiskBadge risk={split.risk} className="mb-2 ms-1" />
            <SplitDeadline split={split} className="d-block mb-3 fw-semibold" />
            <SellAsLine split={split} className="mb-2" />
            <ConfirmationLine split={split} detail />
            <SplitEvidence evidence={split.evidence} history={split.history} risk={split.risk} />
            <ChangeHistory changes={split.changes} />
            <PeerOutcomes split={split} />
            <p className="my-3" style={{ whiteSpace: 'pre-wrap' }}>
              {split.notes}
            </p>
            {split.source ? (
              <p className="small mb-0">
                Source:{' '}
                <a href={split.source} target="_blank" rel="noopener noreferrer nofollow" className="text-break">
                  {split.source}
                </a>
              </p>
            ) : null}
          </Modal.Body>
          <Modal.Footer>
            <Button variant="secondary" onClick={onHide}>
              Close
            </Button>
          </Modal.Footer>
        </>
      ) : null}
    </Modal>
  );
}
