import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Spinner } from '../components/Spinner';

/**
 * /refresh: go back to the previous page so it mounts again and re-fetches
 * (product.md#screens: used to reload after a delete). With no history, go home.
 */
export function RefreshPage() {
  const navigate = useNavigate();
  useEffect(() => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate('/', { replace: true });
  }, [navigate]);
  return <Spinner />;
}
