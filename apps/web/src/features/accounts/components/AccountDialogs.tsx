import { nextNicknames, type Account, type BrokerOption } from '@roundup/shared';
import { AccountDialog } from './AccountDialog';
import { AddSeveralDialog } from './AddSeveralDialog';
import { DeleteAccountDialog } from './DeleteAccountDialog';

export type Dialog =
  | { kind: 'add' }
  | { kind: 'several' }
  | { kind: 'copy'; account: Account }
  | { kind: 'edit'; account: Account }
  | { kind: 'delete'; account: Account }
  | null;

/** The dialog Settings › Accounts has open: add, add several, copy, edit or delete. */
export function AccountDialogs({
  dialog,
  accounts,
  brokers,
  onClose,
}: {
  dialog: Dialog;
  accounts: Account[];
  brokers: BrokerOption[];
  onClose: () => void;
}) {
  return (
    <>
      {dialog?.kind === 'add' ? <AccountDialog account={null} brokers={brokers} onClose={onClose} /> : null}
      {dialog?.kind === 'edit' ? <AccountDialog account={dialog.account} brokers={brokers} onClose={onClose} /> : null}
      {dialog?.kind === 'several' ? <AddSeveralDialog accounts={accounts} brokers={brokers} onClose={onClose} /> : null}
      {dialog?.kind === 'copy' ? (
        <AccountDialog
          account={null}
          brokers={brokers}
          initial={{
            ...dialog.account,
            brokerId: dialog.account.brokerId ?? '',
            nickname: nextNicknames(
              accounts.map((a) => a.nickname),
              dialog.account.nickname,
              1,
            )[0],
          }}
          onClose={onClose}
        />
      ) : null}
      {dialog?.kind === 'delete' ? <DeleteAccountDialog account={dialog.account} onClose={onClose} /> : null}
    </>
  );
}
