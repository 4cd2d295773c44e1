import type { ReactNode } from 'react';
import { ConfirmDialog } from './ConfirmDialog';

/** Confirm → delete → reload (product.md#screens delete dialogs): the form kit's confirm dialog, saying Delete. */
export function DeleteDialog(p: {
  show: boolean;
  title: string;
  children: ReactNode;
  onConfirm: () => Promise<unknown>;
  /** Called after a successful delete (e.g. navigate to /refresh). */
  onDeleted: () => void;
  onHide: () => void;
}) {
  return <ConfirmDialog {...p} onDone={() => p.onDeleted()} confirmLabel="Delete" busyLabel="Deleting…" />;
}
