/** Pure rules for brokerage accounts (product.md#stored Account, product.md#states reorder). */

/**
 * A reorder must name exactly the caller's accounts, each once.
 * Returns null when valid, else the message to show.
 */
export function checkReorder(owned: readonly string[], requested: readonly string[]): string | null {
  const mine = new Set(owned);
  const seen = new Set<string>();
  for (const id of requested) {
    if (!mine.has(id)) return 'The new order names an account that is not yours';
    if (seen.has(id)) return 'The new order names an account twice';
    seen.add(id);
  }
  if (seen.size !== mine.size) return 'The new order must list every one of your accounts';
  return null;
}

/** Positions 0..n-1 in the requested order. */
export function positionsFor(requested: readonly string[]): { id: string; position: number }[] {
  return requested.map((id, position) => ({ id, position }));
}

/** The first of `requested` that is not one of the member's accounts, or null. */
export function firstForeignAccount(owned: ReadonlySet<string>, requested: readonly string[]): string | null {
  return requested.find((id) => !owned.has(id)) ?? null;
}

/** Whether two lists name the same accounts in the same order (a repeated create of one group). */
export function sameAccountList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}
