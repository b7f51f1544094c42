import { messageTemplatesRepo } from '../../store/repos/message-templates-repo.js';
import type { Db } from '../../store/schema.js';
import type { NotificationPayload, RenderedMessage } from '../notify/types.js';
import { renderTemplate } from './render-template.js';
import { templateEventOf } from './template-events.js';
import { templateView } from './template-variables.js';

/**
 * The channel's own message for a notification, or undefined when it has no template for the
 * event (the provider then uses the built-in text). E-mail also gets an HTML body rendered with
 * escaping; every other channel gets values as they are.
 */
export async function customMessage(
  db: Db,
  channel: { id: number; type: string },
  payload: NotificationPayload,
  appBaseUrl: string | null,
): Promise<RenderedMessage | undefined> {
  if (!templateEventOf(payload.event)) return undefined;
  const t = await messageTemplatesRepo.get(db, channel.id, payload.event);
  if (!t) return undefined;
  const data = templateView(payload, appBaseUrl);
  const message: RenderedMessage = {
    title: renderTemplate(t.title, data),
    text: renderTemplate(t.body, data),
  };
  if (channel.type === 'email') {
    message.html = `<div>${renderTemplate(t.body, data, true).split('\n').join('<br>\n')}</div>`;
    message.title = renderTemplate(t.title, data).replace(/[\r\n]+/g, ' ');
  }
  return message;
}
