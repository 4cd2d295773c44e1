import { useEffect } from 'react';
import { useParams } from 'react-router';
import { setRefId } from '../../../lib/session';
import { LandingPage } from './LandingPage';

/** /r/{refId}: the landing page, remembering the referrer for registration (product.md#screens). */
export function ReferralLandingPage() {
  const { refId } = useParams();
  useEffect(() => {
    if (refId) setRefId(refId);
  }, [refId]);
  return <LandingPage />;
}
