import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { notifications } from '../../db/schema/notifications';
import { GROUPED_ACTIONS } from './sentences';

/**
 * Which notifications are one row of the list (issue 19, "Maya Ridge and 3 others reacted to your post."), as SQL over
 * the member's notifications: the same sentence (told by its stored text, sentences.ts `GROUPED_ACTIONS`) about the
 * same subject, all unread, or read and written the same day in the member's time zone. Reactions and mentions gather
 * on what they are about; comments, replies and mentions in comments on the post or event they are on. A profile
 * notification is about its actor, so there are no others to gather: it stays alone, as does any sentence that does
 * not start with the actor's name.
 *
 * The one CTE both the list and marking a row read use, so the row a member opens is exactly the rows read. `shown`:
 * the Guardian's condition on the actor (`n.actor_id`), leaving out members blocked either way or muted. The values may
 * be placeholders of a prepared statement (notification-views.ts).
 */
export function keyedNotifications(userId: number | SQLWrapper, timeZone: string | SQLWrapper, shown: SQL, only?: number | SQLWrapper): SQL {
  const action = sql.join(
    GROUPED_ACTIONS.map(({ kind, action }) => sql`when n.kind = ${kind} and right(n.message, ${[...action].length + 1}) = ${` ${action}`} then ${action}`),
    sql` `,
  );
  const target = sql`case when n.subject_type in ('comment', 'event_comment', 'activity_comment') and n.kind <> 'likes' then n.parent_id else n.subject_id end`;
  const day = sql`case when n.read_at is null then 'unread' else to_char(n.created_at at time zone ${timeZone}, 'YYYY-MM-DD') end`;
  return sql`mine as (
      select n.*, case when n.subject_type = 'profile' then null else (case ${action} end) end as action
      from ${notifications} n
      where n.user_id = ${userId} and ${shown}${only === undefined ? sql`` : sql` and n.id = ${only}`}
    ), keyed as (
      select n.*, case when n.action is null then 'n' || n.id
        else concat_ws(':', n.kind, n.subject_type, ${target}, ${day}, n.action) end as group_key
      from mine n
    )`;
}
