import { Fragment } from 'react';
import type { Channel, Monitor } from '../api/types.js';
import { useApi } from '../lib/use-api.js';
import { settingsFacts } from './settings-facts.js';

/** How the monitor is checked (its type's settings) and where its alerts go, as more of the facts list. */
export function MonitorSettings({ monitor }: { monitor: Monitor }) {
  const wantsNames = (monitor.channel_ids?.length ?? 0) > 0;
  const channels = useApi<Channel[]>(wantsNames ? '/api/channels' : null);
  const names = channels.data
    ? (ids: number[]) =>
        ids.map((id) => channels.data!.find((c) => c.id === id)?.name ?? `channel ${id}`).join(', ')
    : null;
  return (
    <>
      {settingsFacts(
        monitor,
        channels.error ? (ids) => ids.map((id) => `channel ${id}`).join(', ') : names,
      ).map(([label, value]) => (
        <Fragment key={label}>
          <dt>{label}</dt>
          <dd className="break">{value}</dd>
        </Fragment>
      ))}
    </>
  );
}
