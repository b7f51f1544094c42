import './locations.css';
import { useEffect, useState } from 'react';
import { api } from '../api/client.js';
import { messageOf } from '../api/problem.js';
import { useAuth } from '../auth/auth-context.js';
import { ConfirmButton } from '../components/confirm-button.js';
import { ManagedBadge } from '../components/managed-badge.js';
import { Notice, PageHeader } from '../components/notice.js';
import { ago, dateTime, duration } from '../lib/format.js';
import { Link } from '../lib/router.js';
import { LocationForm } from './location-form.js';
import { locationLabel, skewText, skewWarns } from './location-format.js';
import { locationStore, useLocations } from './location-store.js';
import type { LocationView, LocationWithToken } from './location-types.js';
import { TokenReveal } from './token-reveal.js';
import { useNow } from './use-now.js';

/** Heartbeats move `last_seen_at` without an event: the page re-reads the list this often while open. */
const REFRESH_MS = 10_000;

/** The list keeps only what any viewer may see: a token never stays in the shared store. */
function withoutToken(l: LocationWithToken): LocationView {
  const { token: _, ...view } = l;
  return view;
}

/**
 * Where checks run from: `local` (this instance) and the probes, with their status, last report,
 * version, clock skew and monitors. Live from the stream's location events; superadmins create
 * (the probe token is shown once), edit, rotate the token and delete.
 */
export function LocationsPage() {
  const { can, me } = useAuth();
  const snap = useLocations();
  const now = useNow(1_000);
  const [editing, setEditing] = useState<string | null>(null);
  const [reveal, setReveal] = useState<{ created: LocationWithToken; rotated: boolean } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const manage = can('superadmin');
  // Rotating is refused to API keys (a leaked key must not mint probe tokens).
  const canRotate = manage && me?.auth_method !== 'api_key';

  useEffect(() => {
    void locationStore.reload();
    const t = setInterval(
      () => document.visibilityState === 'visible' && void locationStore.reload(),
      REFRESH_MS,
    );
    return () => clearInterval(t);
  }, []);

  const run = async (fn: () => Promise<void>) => {
    setError(null);
    try {
      await fn();
    } catch (e) {
      setError(messageOf(e));
    }
  };
  const rotate = (l: LocationView) =>
    run(async () => {
      const r = await api<LocationWithToken>(`/api/locations/${encodeURIComponent(l.id)}/rotate-token`, {
        method: 'POST',
      });
      locationStore.upsert(withoutToken(r));
      setReveal({ created: r, rotated: true });
    });
  const remove = (l: LocationView) =>
    run(async () => {
      await api(`/api/locations/${encodeURIComponent(l.id)}`, { method: 'DELETE' });
      locationStore.remove(l.id);
      if (reveal?.created.id === l.id) setReveal(null);
    });

  const columns = manage ? 8 : 7;
  return (
    <section>
      <PageHeader title="Locations" />
      <p className="muted">
        Monitors can be checked from several places: this instance (<code>local</code>) and probes started
        elsewhere with <code>npm run start:probe</code>. A location that stops reporting goes offline and its
        results stop counting towards a monitor’s quorum.
      </p>
      {error && <Notice kind="error">{error}</Notice>}
      {snap.error && <Notice kind="error">{snap.error}</Notice>}
      {reveal && (
        <TokenReveal created={reveal.created} rotated={reveal.rotated} onDone={() => setReveal(null)} />
      )}
      {manage && (
        <LocationForm
          location={null}
          onCreated={(created) => {
            locationStore.upsert(withoutToken(created));
            setReveal({ created, rotated: false });
          }}
          onSaved={() => undefined}
        />
      )}
      <div className="table-wrap">
        <table aria-label="Locations" className="locations-table">
          <thead>
            <tr>
              <th scope="col">Location</th>
              <th scope="col">Status</th>
              <th scope="col">Last seen</th>
              <th scope="col">Version</th>
              <th scope="col">Clock skew</th>
              <th scope="col">Heartbeat</th>
              <th scope="col">Monitors</th>
              {manage && <th scope="col">Actions</th>}
            </tr>
          </thead>
          <tbody>
            {snap.list.map((l) => (
              <LocationRow
                key={l.id}
                l={l}
                now={now}
                columns={columns}
                manage={manage}
                canRotate={canRotate}
                editing={editing === l.id}
                onEdit={(on) => setEditing(on ? l.id : null)}
                onRotate={() => rotate(l)}
                onDelete={() => remove(l)}
              />
            ))}
            {snap.loaded && snap.list.length === 0 && (
              <tr>
                <td colSpan={columns} className="empty">
                  No locations.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function LocationRow(props: {
  l: LocationView;
  now: number;
  columns: number;
  manage: boolean;
  canRotate: boolean;
  editing: boolean;
  onEdit(on: boolean): void;
  onRotate(): void;
  onDelete(): void;
}) {
  const { l, now, manage } = props;
  const warn = skewWarns(l.skew_ms);
  return (
    <>
      <tr data-location-id={l.id} data-status={l.status}>
        <td>
          <strong>{l.name}</strong> <code className="muted">{l.id}</code>
          <ManagedBadge configKey={l.config_key} />
          {l.region && <div className="muted small">{l.region}</div>}
        </td>
        <td>
          <span className={`tag loc-status loc-status-${l.status}`}>{l.status}</span>
        </td>
        <td title={dateTime(l.last_seen_at)}>{l.is_local ? 'this instance' : ago(l.last_seen_at, now)}</td>
        <td>{l.version ?? '—'}</td>
        <td
          className={warn ? 'num skew-warn' : 'num'}
          title={warn ? 'The probe’s clock differs by more than 2 s: its times are corrected' : undefined}
        >
          {l.is_local ? '—' : skewText(l.skew_ms)}
        </td>
        <td>{l.is_local ? '—' : `every ${duration(l.heartbeat_seconds)}`}</td>
        <td className="num">
          <Link
            to={`/?location=${encodeURIComponent(l.id)}`}
            title={`Monitors checked from ${locationLabel(l)}`}
          >
            {l.monitor_count}
          </Link>
        </td>
        {manage && (
          <td className="row-actions">
            <button type="button" onClick={() => props.onEdit(!props.editing)} aria-expanded={props.editing}>
              Edit
            </button>
            {!l.is_local && props.canRotate && (
              <ConfirmButton
                label="Rotate token"
                question={`New token for ${l.name}? The probe’s current token stops working at once.`}
                onConfirm={props.onRotate}
              />
            )}
            {!l.is_local && (
              <ConfirmButton
                label="Delete"
                question={`Delete ${l.name}? Its monitors stop being checked from there.`}
                onConfirm={props.onDelete}
              />
            )}
          </td>
        )}
      </tr>
      {props.editing && (
        <tr>
          <td colSpan={props.columns} className="nested">
            <LocationForm
              location={l}
              onCreated={() => undefined}
              onSaved={(saved) => {
                locationStore.upsert(saved);
                props.onEdit(false);
              }}
              onCancel={() => props.onEdit(false)}
            />
          </td>
        </tr>
      )}
    </>
  );
}
