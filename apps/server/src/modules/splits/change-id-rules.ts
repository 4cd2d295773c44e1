/**
 * Split change ids (decision 006): the number of the last committed split change, counted by the
 * database (table `split_change_seq`), so every API process agrees on it whatever its clock says.
 * The live stream sends it as the SSE event id.
 */

/** A change id as sent (NOTIFY payload, SSE id): a plain decimal integer; anything else is null. */
export function parseChangeId(text: string | undefined | null): number | null {
  if (typeof text !== 'string' || !/^\d{1,15}$/.test(text)) return null;
  return Number(text);
}

/**
 * Whether a reconnecting client may have missed a change, from its `Last-Event-ID` and this
 * process's last change id. No header: a first connection, nothing to resume. The same id: it has
 * seen every change this process knows of. Anything else answers a resync: an older id missed a
 * change; a newer one comes from a process that heard of a change before this one did (or from a
 * database restored from a backup); and a non-number, or a millisecond timestamp from before ids
 * were counted by the database, cannot be compared. A needless resync costs one re-read; a
 * missing one leaves a page stale.
 */
export function missedChange(lastEventId: string | string[] | undefined, lastChangeId: number): boolean {
  if (lastEventId === undefined) return false;
  const id = parseChangeId(Array.isArray(lastEventId) ? lastEventId[0] : lastEventId);
  return id !== lastChangeId;
}
