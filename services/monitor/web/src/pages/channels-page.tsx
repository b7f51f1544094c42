import { Fragment, useState } from 'react';
import { api } from '../api/client.js';
import { messageOf } from '../api/problem.js';
import type { Channel } from '../api/types.js';
import { useAuth } from '../auth/auth-context.js';
import { ChannelForm } from '../channels/channel-form.js';
import { CHANNEL_TYPES } from '../channels/channel-types.js';
import { Deliveries } from '../channels/deliveries.js';
import { ConfirmButton } from '../components/confirm-button.js';
import { ManagedBadge } from '../components/managed-badge.js';
import { Notice, PageHeader } from '../components/notice.js';
import { useApi } from '../lib/use-api.js';
import { TemplateEditor } from '../templates/template-editor.js';

/** Notification channels: per-type forms, a Test button with the provider's answer, delete. */
export function ChannelsPage() {
  const { can } = useAuth();
  const list = useApi<Channel[]>('/api/channels');
  const [editing, setEditing] = useState<Channel | 'new' | null>(null);
  const [results, setResults] = useState<Record<number, { ok: boolean; text: string }>>({});
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const [tests, setTests] = useState(0);
  const writable = can('admin');

  const test = async (c: Channel) => {
    setResults((r) => ({ ...r, [c.id]: { ok: true, text: 'Sending…' } }));
    try {
      await api(`/api/channels/${c.id}/test`, { method: 'POST' });
      setResults((r) => ({ ...r, [c.id]: { ok: true, text: 'Test message delivered.' } }));
    } catch (e) {
      setResults((r) => ({ ...r, [c.id]: { ok: false, text: `Test failed: ${messageOf(e)}` } }));
    }
    setTests((n) => n + 1);
  };

  const applyToAll = async (c: Channel) => {
    try {
      const r = await api<{ added: number }>(`/api/channels/${c.id}/apply-to-all`, { method: 'POST' });
      setResults((old) => ({
        ...old,
        [c.id]: { ok: true, text: `Added to ${r.added} monitor${r.added === 1 ? '' : 's'}.` },
      }));
    } catch (e) {
      setError(messageOf(e));
    }
  };

  const remove = async (c: Channel) => {
    try {
      await api(`/api/channels/${c.id}`, { method: 'DELETE' });
      list.reload();
    } catch (e) {
      setError(messageOf(e));
    }
  };

  return (
    <section>
      <PageHeader title="Notification channels">
        {writable && editing === null && (
          <button type="button" className="primary" onClick={() => setEditing('new')}>
            New channel
          </button>
        )}
      </PageHeader>
      {error && <Notice kind="error">{error}</Notice>}
      {list.error && <Notice kind="error">{list.error}</Notice>}
      {editing !== null && (
        <ChannelForm
          key={editing === 'new' ? 'new' : editing.id}
          channel={editing === 'new' ? null : editing}
          onCancel={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            list.reload();
          }}
        />
      )}
      {editing !== null && editing !== 'new' && (
        <TemplateEditor key={editing.id} channel={editing} writable={writable} />
      )}
      <div className="table-wrap">
        <table aria-label="Channels">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Type</th>
              <th scope="col">Enabled</th>
              {writable && <th scope="col">Actions</th>}
            </tr>
          </thead>
          <tbody>
            {list.data?.map((c) => (
              <Fragment key={c.id}>
                <tr>
                  <td>
                    {c.name}
                    <ManagedBadge configKey={c.config_key} />{' '}
                    <button
                      type="button"
                      className="link"
                      aria-expanded={open === c.id}
                      onClick={() => setOpen(open === c.id ? null : c.id)}
                    >
                      {open === c.id ? 'hide deliveries' : 'deliveries'}
                    </button>
                  </td>
                  <td>{CHANNEL_TYPES[c.type]?.label ?? c.type}</td>
                  <td>
                    {c.is_enabled ? 'yes' : 'no'}
                    {c.default_for_new_monitors && <span className="tag"> default</span>}
                  </td>
                  {writable && (
                    <td className="row-actions">
                      <button type="button" onClick={() => void test(c)}>
                        Test
                      </button>
                      <button type="button" onClick={() => setEditing(c)}>
                        Edit
                      </button>
                      <ConfirmButton
                        label="Apply to all monitors"
                        question={`Notify ${c.name} for every monitor?`}
                        onConfirm={() => applyToAll(c)}
                      />
                      <ConfirmButton
                        label="Delete"
                        question={`Delete ${c.name}?`}
                        onConfirm={() => remove(c)}
                      />
                      {results[c.id] && (
                        <span role="status" className={results[c.id]!.ok ? 'ok-text' : 'error-text'}>
                          {results[c.id]!.text}
                        </span>
                      )}
                    </td>
                  )}
                </tr>
                {open === c.id && (
                  <tr>
                    <td colSpan={4} className="nested">
                      <Deliveries channelId={c.id} name={c.name} refresh={tests} />
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
            {list.data?.length === 0 && (
              <tr>
                <td colSpan={4} className="empty">
                  No channels yet.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
