import { PERMISSIONS } from '@roundup/shared';
import type { Db } from '../../db/client';
import { countMembersIn } from './audience-repo';

/** The members who read a pipeline entry in full (filing and sentence): paid roles, not admins. */
const READERS = PERMISSIONS['splits:full'].filter((r) => r !== 'Admin');

/**
 * Asked before "Publish to pipeline": how many members will read the entry in full now. Starter
 * members and visitors see it masked, so they are not counted.
 */
export async function pipelineAudience(deps: { db: Db }): Promise<{ recipients: number }> {
  return { recipients: await countMembersIn(deps.db, READERS) };
}
