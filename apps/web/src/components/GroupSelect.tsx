import type { AccountGroup } from '@roundup/shared';

/** Pick one of the member's account groups (or none); hidden while there are none. */
export function GroupSelect({
  id,
  label,
  groups,
  value,
  onChange,
  none = 'No group',
}: {
  id: string;
  label: string;
  groups: readonly AccountGroup[];
  value: string;
  onChange: (groupId: string) => void;
  none?: string;
}) {
  if (groups.length === 0) return null;
  return (
    <span className="d-inline-flex align-items-center gap-1">
      <label htmlFor={id} className="small text-body-secondary text-nowrap">
        {label}
      </label>
      <select id={id} className="form-select form-select-sm w-auto" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{none}</option>
        {groups.map((g) => (
          <option key={g._id} value={g._id}>
            {g.name} ({g.accountIds.length})
          </option>
        ))}
      </select>
    </span>
  );
}
