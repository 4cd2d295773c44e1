import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import type { Account, AccountGroup } from '@roundup/shared';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { SettingsPanel } from '../../../components/SettingsPanel';
import { firstErrorMessage } from '../../../lib/api-client';
import { countOf } from '../../../lib/format';
import { useAccountGroups, useDeleteGroup } from '../api';
import { GroupDialog } from './GroupDialog';

type Dialog = { kind: 'new' } | { kind: 'edit'; group: AccountGroup } | null;

/**
 * Settings › Accounts › Groups: named groups of the member's accounts ("day one",
 * "not Vanguard"), picked in Record Trades' "Apply to" and in the To do list.
 */
export function AccountGroupsPanel({ accounts }: { accounts: Account[] }) {
  const groups = useAccountGroups();
  const del = useDeleteGroup();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const nickname = new Map(accounts.map((a) => [a._id, a.nickname]));
  const list = groups.data?.groups ?? [];
  const newButton = (
    <Button variant="outline-primary" size="sm" onClick={() => setDialog({ kind: 'new' })} disabled={accounts.length === 0}>
      New group
    </Button>
  );

  return (
    <SettingsPanel
      title="Account groups"
      description="Name groups of accounts to apply a trade to all of them at once, in Record Trades and from the To do list."
      actions={newButton}
    >
      <ErrorAlert
        messages={groups.error ? [firstErrorMessage(groups.error)] : del.error ? [firstErrorMessage(del.error)] : null}
      />
      {groups.isPending ? null : list.length === 0 ? (
        <p className="text-body-secondary small mb-0">No groups yet.</p>
      ) : (
        <ul className="list-group" aria-label="Your account groups">
          {list.map((g) => (
            <li key={g._id} className="list-group-item d-flex flex-wrap align-items-center gap-2" data-testid="account-group">
              <div className="me-auto min-w-0">
                <div className="fw-semibold text-break">{g.name}</div>
                <div className="small text-body-secondary text-break">
                  {countOf(g.accountIds.length, 'account')}
                  {g.accountIds.length ? `: ${g.accountIds.map((id) => nickname.get(id) ?? '?').join(', ')}` : ''}
                </div>
              </div>
              <Button
                size="sm"
                variant="outline-primary"
                onClick={() => setDialog({ kind: 'edit', group: g })}
                aria-label={`Edit group ${g.name}`}
              >
                Edit
              </Button>
              {/* Deleting asks first: a second press confirms; the accounts stay. */}
              <Button
                size="sm"
                variant={confirming === g._id ? 'danger' : 'outline-danger'}
                disabled={del.isPending}
                onClick={() => (confirming === g._id ? del.mutate(g._id) : setConfirming(g._id))}
                onBlur={() => setConfirming((c) => (c === g._id ? null : c))}
                aria-label={confirming === g._id ? `Confirm: delete group ${g.name}` : `Delete group ${g.name}`}
              >
                {confirming === g._id ? 'Confirm delete' : 'Delete'}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {dialog ? (
        <GroupDialog group={dialog.kind === 'edit' ? dialog.group : null} accounts={accounts} onClose={() => setDialog(null)} />
      ) : null}
    </SettingsPanel>
  );
}
