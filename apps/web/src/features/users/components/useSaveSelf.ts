import type { PublicUser } from '@roundup/shared';
import { useState } from 'react';
import { useTimedMessage } from '../../../components/useTimedMessage';
import { api, errorMessages } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';

/**
 * One profile change through POST /api/users/update-self: the member as the server answers goes
 * into the session, "Saved" or the server's messages show for 5 s (product.md#messages). Answers the
 * member, or null when the server refused.
 */
export function useSaveSelf() {
  const { setUser } = useAuth();
  const saved = useTimedMessage<string>(5000);
  const errors = useTimedMessage<string[]>(5000);
  const [saving, setSaving] = useState(false);
  async function save(body: Record<string, unknown>): Promise<PublicUser | null> {
    setSaving(true);
    errors.clear();
    try {
      const res = await api.post<{ user: PublicUser }>('/api/users/update-self', body);
      setUser(res.user);
      saved.show('Saved');
      return res.user;
    } catch (err) {
      errors.show(errorMessages(err));
      return null;
    } finally {
      setSaving(false);
    }
  }
  return { save, saving, saved, errors };
}
