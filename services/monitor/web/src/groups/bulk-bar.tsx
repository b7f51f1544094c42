import './groups.css';
import { useState } from 'react';
import { api } from '../api/client.js';
import { messageOf } from '../api/problem.js';
import type { Channel, Monitor } from '../api/types.js';
import { ConfirmButton } from '../components/confirm-button.js';
import { Notice } from '../components/notice.js';
import { useApi } from '../lib/use-api.js';
import { liveStore } from '../monitors/live-store.js';
import type { Group, Tag } from './group-types.js';

type Action =
  | ''
  | 'pause'
  | 'resume'
  | 'add_tag'
  | 'remove_tag'
  | 'set_channels'
  | 'move_to_group'
  | 'delete';

const ACTIONS: { value: Action; label: string; done: string }[] = [
  { value: 'pause', label: 'Pause', done: 'Paused' },
  { value: 'resume', label: 'Resume', done: 'Resumed' },
  { value: 'add_tag', label: 'Add tag', done: 'Tagged' },
  { value: 'remove_tag', label: 'Remove tag', done: 'Untagged' },
  { value: 'set_channels', label: 'Set channels', done: 'Set the channels of' },
  { value: 'move_to_group', label: 'Move to group', done: 'Moved' },
  { value: 'delete', label: 'Delete', done: 'Deleted' },
];

const plural = (n: number) => `${n} monitor${n === 1 ? '' : 's'}`;

/**
 * What to do with the selected monitors: one request for all of them (POST /api/monitors/bulk), then
 * one reload of the list. Deleting asks first, naming how many monitors go.
 */
export function BulkBar(props: {
  ids: number[];
  groups: Group[];
  tags: Tag[];
  onClear(): void;
  /** Called after a change, to reload groups and tags (their counts moved). */
  onChanged(): void;
}) {
  const { ids } = props;
  const [action, setAction] = useState<Action>('');
  const [tagId, setTagId] = useState('');
  const [value, setValue] = useState('');
  const [groupId, setGroupId] = useState('');
  const [channelIds, setChannelIds] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const channels = useApi<Channel[]>(action === 'set_channels' ? '/api/channels' : null);

  const run = async () => {
    setError(null);
    setDone(null);
    const body: Record<string, unknown> = { ids, action };
    if (action === 'add_tag' || action === 'remove_tag') {
      if (!tagId) return setError('Choose a tag.');
      body.tag =
        action === 'add_tag' && value.trim() ? { tag_id: Number(tagId), value } : { tag_id: Number(tagId) };
    }
    if (action === 'move_to_group') body.group_id = groupId ? Number(groupId) : null;
    if (action === 'set_channels') body.channel_ids = channelIds;
    setBusy(true);
    try {
      await api('/api/monitors/bulk', { method: 'POST', body });
      liveStore.setMonitors(await api<Monitor[]>('/api/monitors'));
      setDone(`${ACTIONS.find((a) => a.value === action)?.done} ${plural(ids.length)}.`);
      setAction('');
      props.onClear();
      props.onChanged();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  if (ids.length === 0) return done ? <Notice kind="ok">{done}</Notice> : null;
  return (
    <div className="bulk-bar" role="toolbar" aria-label="Bulk actions">
      <strong aria-live="polite">{ids.length} selected</strong>
      <label>
        <select aria-label="Bulk action" value={action} onChange={(e) => setAction(e.target.value as Action)}>
          <option value="">Choose an action…</option>
          {ACTIONS.map((a) => (
            <option key={a.value} value={a.value}>
              {a.label}
            </option>
          ))}
        </select>
      </label>
      {(action === 'add_tag' || action === 'remove_tag') && (
        <label>
          <select aria-label="Tag for the selection" value={tagId} onChange={(e) => setTagId(e.target.value)}>
            <option value="">Tag…</option>
            {props.tags.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        </label>
      )}
      {action === 'add_tag' && (
        <label>
          <input
            aria-label="Tag value (optional)"
            placeholder="value (optional)"
            maxLength={200}
            value={value}
            onChange={(e) => setValue(e.target.value)}
          />
        </label>
      )}
      {action === 'move_to_group' && (
        <label>
          <select aria-label="Target group" value={groupId} onChange={(e) => setGroupId(e.target.value)}>
            <option value="">No group</option>
            {props.groups.map((g) => (
              <option key={g.id} value={g.id}>
                {g.path.join(' / ')}
              </option>
            ))}
          </select>
        </label>
      )}
      {action === 'set_channels' && (
        <fieldset className="bulk-channels">
          <legend>Channels</legend>
          {(channels.data ?? []).map((c) => (
            <label key={c.id} className="radio">
              <input
                type="checkbox"
                checked={channelIds.includes(c.id)}
                onChange={(e) =>
                  setChannelIds(
                    e.target.checked ? [...channelIds, c.id] : channelIds.filter((x) => x !== c.id),
                  )
                }
              />{' '}
              {c.name}
            </label>
          ))}
          {channels.data?.length === 0 && (
            <span className="muted">No channels: the monitors will notify none.</span>
          )}
        </fieldset>
      )}
      {action === 'delete' ? (
        <ConfirmButton
          label="Delete"
          question={`Delete ${plural(ids.length)} and their history?`}
          onConfirm={run}
        />
      ) : (
        action && (
          <button type="button" className="primary" disabled={busy} onClick={() => void run()}>
            Apply
          </button>
        )
      )}
      <button type="button" onClick={props.onClear}>
        Clear selection
      </button>
      {error && <Notice kind="error">{error}</Notice>}
    </div>
  );
}
