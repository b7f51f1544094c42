import type { Insertable, Selectable } from 'kysely';
import type { Db, MessageTemplatesTable } from '../schema.js';

export type MessageTemplateRow = Selectable<MessageTemplatesTable>;

/** SQL for channels' message templates. */
export const messageTemplatesRepo = {
  forChannel: (db: Db, channelId: number) =>
    db.selectFrom('message_templates').selectAll().where('channel_id', '=', channelId).execute(),
  get: (db: Db, channelId: number, event: string) =>
    db
      .selectFrom('message_templates')
      .selectAll()
      .where('channel_id', '=', channelId)
      .where('event', '=', event)
      .executeTakeFirst(),
  upsert: (db: Db, row: Insertable<MessageTemplatesTable>) =>
    db
      .insertInto('message_templates')
      .values(row)
      .onConflict((oc) =>
        oc
          .columns(['channel_id', 'event'])
          .doUpdateSet({ title: row.title, body: row.body, updated_at: row.updated_at }),
      )
      .execute(),
  /** true when there was one to remove. */
  async remove(db: Db, channelId: number, event: string): Promise<boolean> {
    const r = await db
      .deleteFrom('message_templates')
      .where('channel_id', '=', channelId)
      .where('event', '=', event)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  },
};
