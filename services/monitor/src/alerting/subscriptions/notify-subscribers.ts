import { statusSubscribersRepo } from '../../store/repos/status-subscribers-repo.js';
import type { Db, IncidentUpdateStatus } from '../../store/schema.js';
import { enqueueNotification } from '../notify/enqueue.js';
import type { SubscriberEvent, SubscriberPayload } from './subscriber-mail.js';
import { subscriptionTransport } from './subscriptions-config.js';

export interface SubscriberNotifyDeps {
  outbox: { readonly maxAttempts: number };
}

interface IncidentFacts {
  incidentId: number;
  monitorId: number;
  at: number;
}

/** Something a page's subscribers are told about. */
export type SubscriberNotice =
  | ({ kind: 'incident_opened' } & IncidentFacts)
  | ({ kind: 'incident_resolved'; message?: string | null } & IncidentFacts)
  | ({
      kind: 'incident_update';
      updateId: number;
      status: IncidentUpdateStatus;
      message: string;
    } & IncidentFacts)
  | {
      kind: 'maintenance_started' | 'maintenance_ended';
      windowId: number;
      windowName: string;
      start: number;
      end: number;
      /** null: the window covers every monitor. */
      monitorIds: readonly number[] | null;
    };

const utc = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

const STATUS_WORD: Record<IncidentUpdateStatus, string> = {
  investigating: 'Investigating',
  identified: 'Identified',
  monitoring: 'Monitoring',
  resolved: 'Resolved',
};

function dedupOf(n: SubscriberNotice): string {
  switch (n.kind) {
    case 'incident_update':
      return `update:${n.updateId}`;
    case 'maintenance_started':
    case 'maintenance_ended':
      return `window:${n.windowId}:${n.start}`;
    default:
      return `incident:${n.incidentId}`;
  }
}

/** Subject and text of a notice for one page; only names the page itself shows are used. */
function compose(n: SubscriberNotice, pageTitle: string, names: string[], pageUrl: string) {
  const what = names.join(', ');
  const tail = `\n\nStatus page: ${pageUrl}`;
  switch (n.kind) {
    case 'incident_opened':
      return {
        subject: `[${pageTitle}] Incident: ${what} is down`,
        text: `${what} has been unavailable since ${utc(n.at)}. We are looking into it.${tail}`,
      };
    case 'incident_update':
      return {
        subject: `[${pageTitle}] ${STATUS_WORD[n.status]}: ${what}`,
        text: `${STATUS_WORD[n.status]} (${utc(n.at)}): ${n.message}${tail}`,
      };
    case 'incident_resolved':
      return {
        subject: `[${pageTitle}] Resolved: ${what}`,
        text: `${what} is operating normally again since ${utc(n.at)}.${n.message ? `\n\n${n.message}` : ''}${tail}`,
      };
    case 'maintenance_started':
      return {
        subject: `[${pageTitle}] Maintenance started: ${n.windowName}`,
        text: `Scheduled maintenance "${n.windowName}" has started; it is planned to end at ${utc(n.end)}.\nAffected: ${what}.${tail}`,
      };
    case 'maintenance_ended':
      return {
        subject: `[${pageTitle}] Maintenance completed: ${n.windowName}`,
        text: `Scheduled maintenance "${n.windowName}" has ended (${utc(n.end)}).\nAffected: ${what}.${tail}`,
      };
  }
}

/**
 * Queues one mail per confirmed subscriber of every public page showing the affected monitors,
 * on `trx` (the transaction of the change, like every alert). The dedup key makes a second call
 * for the same thing (another instance, a retried job) queue nothing. Returns how many were queued.
 */
export async function notifySubscribers(
  trx: Db,
  deps: SubscriberNotifyDeps,
  notice: SubscriberNotice,
): Promise<number> {
  const transport = await subscriptionTransport(trx);
  if (!transport) return 0;
  const monitorIds = 'monitorId' in notice ? [notice.monitorId] : notice.monitorIds;
  const targets = await statusSubscribersRepo.confirmedFor(trx, monitorIds);
  if (targets.length === 0) return 0;
  const event = `status.${notice.kind}` as SubscriberEvent;
  const perPage = new Map<number, { subject: string; text: string } | null>();
  let queued = 0;
  for (const t of targets) {
    if (!perPage.has(t.page_id)) {
      const names = await statusSubscribersRepo.namesOnPage(trx, t.page_id, monitorIds);
      const pageUrl = `${transport.baseUrl}/status/${t.page_slug}`;
      perPage.set(t.page_id, names.length ? compose(notice, t.page_title, names, pageUrl) : null);
    }
    const mail = perPage.get(t.page_id);
    if (!mail) continue;
    const payload: SubscriberPayload = { event, subscriber_id: t.id, page_title: t.page_title, ...mail };
    const id = await enqueueNotification(trx, {
      channel_id: transport.channelId,
      event,
      payload,
      dedup_key: `${event}:${dedupOf(notice)}:sub:${t.id}`,
      max_attempts: deps.outbox.maxAttempts,
    });
    if (id !== null) queued++;
  }
  return queued;
}
