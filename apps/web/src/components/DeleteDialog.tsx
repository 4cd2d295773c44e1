import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
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

/** An admin list's delete: asks about the row chosen (`target`), deletes it, then reloads the list through /refresh. */
export function ListDeleteDialog<T>(p: {
  target: T | null;
  title: string;
  onHide: () => void;
  remove: (target: T) => Promise<unknown>;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <DeleteDialog
      show={p.target !== null}
      title={p.title}
      onHide={p.onHide}
      onConfirm={() => p.remove(p.target!)}
      onDeleted={() => {
        p.onHide();
        void navigate('/refresh');
      }}
    >
      <p className="mb-0">{p.children}</p>
    </DeleteDialog>
  );
}
