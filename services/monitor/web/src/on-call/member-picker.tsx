import { useId, useState } from 'react';
import type { User } from '../api/types.js';

/**
 * The rotation members of a layer, in order (the first is on call from the layer's start): add
 * from the users the caller may list, or by user id when the user list is not theirs to read
 * (GET /api/users is for superadmins).
 */
export function MemberPicker({
  members,
  onChange,
  users,
  label,
  error,
}: {
  members: number[];
  onChange(m: number[]): void;
  users: User[] | null;
  label: string;
  error?: string | undefined;
}) {
  const id = useId();
  const [pick, setPick] = useState('');
  const nameOf = (uid: number) => users?.find((u) => u.id === uid)?.username ?? `user #${uid}`;
  const move = (i: number, by: number) => {
    const next = [...members];
    const [m] = next.splice(i, 1);
    next.splice(i + by, 0, m!);
    onChange(next);
  };
  const add = () => {
    const uid = Number(pick);
    if (Number.isInteger(uid) && uid > 0) onChange([...members, uid]);
    setPick('');
  };
  return (
    <fieldset aria-label={label}>
      <legend>Members, in rotation order</legend>
      <ol aria-label={`${label} order`}>
        {members.map((m, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a member may appear twice in a rotation
          <li key={`${m}-${i}`}>
            {nameOf(m)}{' '}
            {i > 0 && (
              <button type="button" onClick={() => move(i, -1)} aria-label={`Move ${nameOf(m)} up`}>
                ↑
              </button>
            )}
            <button
              type="button"
              onClick={() => onChange(members.filter((_, j) => j !== i))}
              aria-label={`Remove ${nameOf(m)}`}
            >
              ×
            </button>
          </li>
        ))}
      </ol>
      <label htmlFor={id}>{users ? 'Add member' : 'Add member (user id)'}</label>
      {users ? (
        <select id={id} value={pick} onChange={(e) => setPick(e.target.value)}>
          <option value="">Choose…</option>
          {users.map((u) => (
            <option key={u.id} value={u.id}>
              {u.username}
            </option>
          ))}
        </select>
      ) : (
        <input id={id} inputMode="numeric" value={pick} onChange={(e) => setPick(e.target.value)} />
      )}{' '}
      <button type="button" onClick={add} disabled={!pick}>
        Add
      </button>
      {error && (
        <small className="error-text" role="alert">
          {error}
        </small>
      )}
    </fieldset>
  );
}
