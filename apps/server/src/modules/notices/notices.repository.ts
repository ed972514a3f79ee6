import { sql, type Selectable } from 'kysely';
import type { Executor, NoticeKind, NoticeOutboxTable, NoticeState } from '../../db/schema.js';

export type OutboxRow = Selectable<NoticeOutboxTable>;

/** One row per event, order and user: a second write of the same event changes nothing. */
export async function insertOutbox(
  trx: Executor,
  row: {
    siteId: string;
    userId: string;
    orderId: string;
    kind: NoticeKind;
    payload: Record<string, string>;
    at: Date;
    eventKey?: string;
    smsState?: 'pending';
  },
): Promise<void> {
  await trx
    .insertInto('notice_outbox')
    .values({
      event_key: row.eventKey ?? '',
      sms_state: row.smsState ?? null,
      site_id: row.siteId,
      user_id: row.userId,
      order_id: row.orderId,
      kind: row.kind,
      payload: JSON.stringify(row.payload),
      next_attempt_at: row.at,
      created_at: row.at,
    })
    .onConflict((oc) => oc.columns(['kind', 'order_id', 'user_id', 'event_key']).doNothing())
    .execute();
}

/**
 * Reminders of ticketed shows that start within `lead` from now (and have not started): one
 * outbox row per order, written once whatever the number of scans.
 */
export async function insertDueReminders(db: Executor, now: Date, leadMs: number): Promise<number> {
  const until = new Date(now.getTime() + leadMs);
  const result = await sql`
    insert into notice_outbox (site_id, user_id, order_id, kind, payload, next_attempt_at, created_at)
    select distinct on (o.id) o.site_id, o.user_id, o.id, 'reminder',
      jsonb_build_object('orderNo', o.order_no, 'title', f.title, 'cinema', c.name,
        'startAt', to_char(s.start_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
        'code', coalesce(o.pickup_code, '')),
      ${now}, ${now}
    from orders o
    join film_order_seats fos on fos.order_id = o.id and fos.state = 'sold'
    join shows s on s.id = fos.show_id
    join films f on f.id = s.film_id
    join cinemas c on c.id = s.cinema_id
    where o.status = 'ticketed' and s.start_at > ${now} and s.start_at <= ${until}
      and s.cancelled_at is null
    order by o.id
    on conflict (kind, order_id, user_id, event_key) do nothing`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/**
 * Claim due rows for one worker: pending ones whose time has come, and sending ones whose claim
 * lapsed (a worker that died mid-send). SKIP LOCKED and the conditional update let two workers
 * run at once without both claiming a row.
 */
export async function claimDue(
  db: Executor,
  now: Date,
  claimMs: number,
  limit: number,
): Promise<OutboxRow[]> {
  const result = await sql<OutboxRow>`
    update notice_outbox set state = 'sending', attempts = attempts + 1,
      claimed_until = ${new Date(now.getTime() + claimMs)}
    where id in (
      select id from notice_outbox
      where (state = 'pending' and next_attempt_at <= ${now})
         or (state = 'sending' and claimed_until < ${now})
      order by next_attempt_at
      limit ${limit}
      for update skip locked)
    and (state = 'pending' or claimed_until < ${now})
    returning *`.execute(db);
  return result.rows;
}

/** Record the outcome of a claimed send; false when the claim was lost meanwhile. */
export async function finish(
  db: Executor,
  id: string,
  outcome:
    | { state: 'sent'; at: Date }
    | { state: Exclude<NoticeState, 'sent' | 'pending' | 'sending'>; error: string | null }
    | { state: 'pending'; error: string; nextAttemptAt: Date },
): Promise<boolean> {
  const result = await db
    .updateTable('notice_outbox')
    .set(
      outcome.state === 'sent'
        ? { state: 'sent', sent_at: outcome.at, claimed_until: null, last_error: null }
        : outcome.state === 'pending'
          ? {
              state: 'pending',
              claimed_until: null,
              last_error: outcome.error,
              next_attempt_at: outcome.nextAttemptAt,
            }
          : { state: outcome.state, claimed_until: null, last_error: outcome.error },
    )
    .where('id', '=', id)
    .where('state', '=', 'sending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function listForUser(db: Executor, userId: string, limit: number): Promise<OutboxRow[]> {
  return db
    .selectFrom('notice_outbox')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export function consentsOf(db: Executor, userId: string) {
  return db.selectFrom('notice_consents').selectAll().where('user_id', '=', userId).execute();
}

export function findConsent(db: Executor, userId: string, kind: NoticeKind) {
  return db
    .selectFrom('notice_consents')
    .selectAll()
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .executeTakeFirst();
}

export async function upsertConsent(
  db: Executor,
  row: { userId: string; kind: NoticeKind; templateId: string; at: Date },
): Promise<void> {
  await db
    .insertInto('notice_consents')
    .values({
      user_id: row.userId,
      kind: row.kind,
      template_id: row.templateId,
      consented_at: row.at,
    })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'kind'])
        .doUpdateSet({ template_id: row.templateId, consented_at: row.at }),
    )
    .execute();
}

export async function siteCodeOf(db: Executor, siteId: string): Promise<string> {
  const row = await db
    .selectFrom('sites')
    .select('code')
    .where('id', '=', siteId)
    .executeTakeFirstOrThrow();
  return row.code;
}

export async function openidOf(db: Executor, userId: string): Promise<string> {
  const row = await db
    .selectFrom('users')
    .select('openid')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.openid;
}

export async function phoneOf(db: Executor, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .select('phone')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.phone;
}

export async function recordSms(
  db: Executor,
  id: string,
  state: 'pending' | 'sent' | 'failed' | 'skipped',
): Promise<void> {
  await db.updateTable('notice_outbox').set({ sms_state: state }).where('id', '=', id).execute();
}

/** The notices of a show's orders, newest first, with the buyer's phone (the console's panel). */
export function listForShow(db: Executor, showId: string) {
  return db
    .selectFrom('notice_outbox')
    .innerJoin('users', 'users.id', 'notice_outbox.user_id')
    .selectAll('notice_outbox')
    .select('users.phone')
    .where(
      'notice_outbox.order_id',
      'in',
      db
        .selectFrom('film_order_seats')
        .select('film_order_seats.order_id')
        .where('film_order_seats.show_id', '=', showId),
    )
    .orderBy('notice_outbox.created_at', 'desc')
    .orderBy('notice_outbox.id')
    .execute();
}

/**
 * Send a notice again (staff): back to pending now, its SMS copy too when it has one. Answers
 * false when it is being sent at this moment.
 */
export async function resend(db: Executor, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('notice_outbox')
    .set((eb) => ({
      state: 'pending',
      attempts: 0,
      next_attempt_at: now,
      sent_at: null,
      last_error: null,
      claimed_until: null,
      sms_state: eb
        .case()
        .when('sms_state', 'is', null)
        .then(sql<null>`null`)
        .else(sql<'pending'>`'pending'`)
        .end(),
    }))
    .where('id', '=', id)
    .where('state', '!=', 'sending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
