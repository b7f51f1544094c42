import './groups.css';
import { type FormEvent, useState } from 'react';
import { api } from '../api/client.js';
import { ApiError, messageOf } from '../api/problem.js';
import { useAuth } from '../auth/auth-context.js';
import { ConfirmButton } from '../components/confirm-button.js';
import { Field } from '../components/field.js';
import { ManagedBadge, ManagedEditWarning } from '../components/managed-badge.js';
import { Notice, PageHeader } from '../components/notice.js';
import { PolicyField } from '../escalation/policy-field.js';
import { Link } from '../lib/router.js';
import { useApi } from '../lib/use-api.js';
import { treeOrder } from './group-sections.js';
import type { Group, Tag } from './group-types.js';
import { TagsPanel } from './tags-panel.js';

const STATUS_LABEL: Record<string, string> = {
  up: 'Up',
  down: 'Down',
  degraded: 'Degraded',
  pending: 'Pending',
  paused: 'Paused',
  maintenance: 'Maintenance',
};

/** Groups (a tree with each group's rolled-up status) and tags: create, rename, move, delete. */
export function GroupsPage() {
  const { can } = useAuth();
  const admin = can('admin');
  const groups = useApi<Group[]>('/api/groups');
  const tags = useApi<Tag[]>('/api/tags');
  const [error, setError] = useState<string | null>(null);
  const list = groups.data ?? [];

  return (
    <section>
      <PageHeader title="Groups and tags" />
      {error && <Notice kind="error">{error}</Notice>}
      <h2>Groups</h2>
      {admin && <GroupForm groups={list} onSaved={groups.reload} />}
      {groups.error && <Notice kind="error">{groups.error}</Notice>}
      {groups.data && list.length === 0 && (
        <Notice kind="info">
          No groups yet. Groups are folders of monitors and may hold groups of their own.
        </Notice>
      )}
      {list.length > 0 && (
        <table aria-label="Groups">
          <thead>
            <tr>
              <th>Group</th>
              <th>Status</th>
              <th className="num">Monitors</th>
              {admin && <th>Actions</th>}
            </tr>
          </thead>
          <tbody>
            {treeOrder(list).map(({ group: g, depth }) => (
              <GroupRow
                key={g.id}
                group={g}
                depth={depth}
                groups={list}
                admin={admin}
                onChanged={groups.reload}
                onError={setError}
              />
            ))}
          </tbody>
        </table>
      )}
      <h2>Tags</h2>
      <TagsPanel tags={tags.data ?? []} admin={admin} onChanged={tags.reload} onError={setError} />
    </section>
  );
}

function GroupRow(props: {
  group: Group;
  depth: number;
  groups: Group[];
  admin: boolean;
  onChanged(): void;
  onError(m: string): void;
}) {
  const { group: g } = props;
  const [editing, setEditing] = useState(false);
  if (editing) {
    return (
      <tr>
        <td colSpan={4}>
          <GroupForm
            groups={props.groups}
            editing={g}
            onSaved={() => {
              setEditing(false);
              props.onChanged();
            }}
            onCancel={() => setEditing(false)}
          />
        </td>
      </tr>
    );
  }
  return (
    <tr data-group-id={g.id}>
      <td className={`group-cell depth-${Math.min(props.depth, 3)}`}>
        <Link to={`/?group=${g.id}`} title="Show its monitors on the dashboard">
          {g.name}
        </Link>
        <ManagedBadge configKey={g.config_key} />
      </td>
      <td>
        {g.status ? (
          <span className={`badge badge-${g.status}`} data-status={g.status}>
            {STATUS_LABEL[g.status] ?? g.status}
          </span>
        ) : (
          <span className="muted">empty</span>
        )}
      </td>
      <td className="num" title="In this group / including its subgroups">
        {g.member_count} / {g.monitor_count}
      </td>
      {props.admin && (
        <td className="actions">
          <button type="button" onClick={() => setEditing(true)}>
            Edit
          </button>
          <ConfirmButton
            label="Delete"
            question={`Delete ${g.name}? Its monitors and subgroups move ${g.parent_id === null ? 'to the top level' : 'up to its parent'}.`}
            onConfirm={async () => {
              try {
                await api(`/api/groups/${g.id}`, { method: 'DELETE' });
                props.onChanged();
              } catch (e) {
                props.onError(messageOf(e));
              }
            }}
          />
        </td>
      )}
    </tr>
  );
}

/** Creates a group, or edits one (name, parent, order, escalation policy); a parent inside the group is refused by the API. */
function GroupForm(props: { groups: Group[]; editing?: Group; onSaved(): void; onCancel?(): void }) {
  const e0 = props.editing;
  const [name, setName] = useState(e0?.name ?? '');
  const [parent, setParent] = useState(e0?.parent_id ? String(e0.parent_id) : '');
  const [order, setOrder] = useState(String(e0?.sort_order ?? 0));
  const [policy, setPolicy] = useState<number | null>(e0?.escalation_policy_id ?? null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setError(null);
    const body = {
      name,
      parent_id: parent ? Number(parent) : null,
      sort_order: /^-?\d+$/.test(order.trim()) ? Number(order) : order,
      escalation_policy_id: policy,
    };
    try {
      await api(e0 ? `/api/groups/${e0.id}` : '/api/groups', { method: e0 ? 'PUT' : 'POST', body });
      if (!e0) {
        setName('');
        setOrder('0');
      }
      props.onSaved();
    } catch (err) {
      if (err instanceof ApiError && err.errors.length) setErrors(err.fieldMessages());
      else setError(messageOf(err));
    }
  };
  return (
    <form
      className="card inline-form"
      onSubmit={submit}
      aria-label={e0 ? `Edit group ${e0.name}` : 'New group'}
    >
      <ManagedEditWarning configKey={e0?.config_key} what="group" />
      {error && <Notice kind="error">{error}</Notice>}
      <Field label="Group name" error={errors.name}>
        <input value={name} onChange={(e) => setName(e.target.value)} required maxLength={100} />
      </Field>
      <Field label="Parent group" error={errors.parent_id}>
        <select value={parent} onChange={(e) => setParent(e.target.value)}>
          <option value="">None (top level)</option>
          {props.groups
            .filter((g) => g.id !== e0?.id)
            .map((g) => (
              <option key={g.id} value={String(g.id)}>
                {g.path.join(' / ')}
              </option>
            ))}
        </select>
      </Field>
      <Field label="Order" hint="Lower first" error={errors.sort_order}>
        <input value={order} onChange={(e) => setOrder(e.target.value)} inputMode="numeric" />
      </Field>
      <PolicyField
        value={policy}
        onChange={setPolicy}
        error={errors.escalation_policy_id}
        noneLabel="None (the parent group’s policy, if any)"
      />
      <button type="submit" className="primary">
        {e0 ? 'Save group' : 'Create group'}
      </button>
      {props.onCancel && (
        <button type="button" onClick={props.onCancel}>
          Cancel
        </button>
      )}
    </form>
  );
}
