import { defineMigration } from '../define-migration.js';

/**
 * Seat holds announce their seat changes after commit, not inside the hold (decision
 * 002).
 *
 * A NOTIFY makes its transaction take PostgreSQL's one notify-queue lock at commit and keep it
 * until the commit is flushed to disk, so every transaction that notifies commits one after
 * another, each waiting for its own WAL flush (no group commit). Measured on the 2-core box: 450
 * write transactions/s with a NOTIFY against 7,300 without; `hold_film_seats` alone under pgbench
 * made 120 holds/s with its triggers' NOTIFY and 450 without.
 *
 * - `notify_seat_changes()` (0013), the statement trigger of `film_order_seats`: while the
 *   transaction-local setting `marquee.seat_changes_deferred` is `on`, it appends its payload to
 *   the transaction-local `marquee.seat_changes` (a JSON array) instead of calling `pg_notify`.
 *   Every other writer (cancel, sweep, payment, refund, reseat, consoles) still NOTIFYs in its
 *   transaction as before. The payload is unchanged.
 * - `hold_film_seats` (0021, redefined here and only here) turns the setting on for its own
 *   changes, answers them as `seat_changes` (an array of the payloads it would have sent; empty
 *   when the hold lost, since the rolled-back block took them along), and turns it off again.
 *   The server NOTIFYs them right after the commit in a statement of their own, batched with
 *   other holds' (film-order/seat-announcer.ts): a transaction that writes nothing but a NOTIFY
 *   needs no flush to disk, so it holds the lock for microseconds.
 */
export default defineMigration([
  `create or replace function notify_seat_changes() returns trigger language plpgsql as $$
  declare
    change record;
    payload text;
  begin
    for change in
      select show_id, max(version) as version,
             json_agg(json_build_array(seat_id, state) order by seat_id) as seats
      from changed group by show_id
    loop
      payload := json_build_object('showId', change.show_id, 'version', change.version,
                                   'seats', change.seats)::text;
      if octet_length(payload) > 7000 then
        payload := json_build_object('showId', change.show_id, 'version', change.version,
                                     'seats', null)::text;
      end if;
      if current_setting('marquee.seat_changes_deferred', true) = 'on' then
        perform set_config('marquee.seat_changes',
          (current_setting('marquee.seat_changes')::jsonb || jsonb_build_array(payload::jsonb))::text,
          true);
      else
        perform pg_notify('seat_changes_' || current_schema(), payload);
      end if;
    end loop;
    return null;
  end $$`,
  `drop function hold_film_seats(uuid, uuid, uuid, uuid[], text, timestamptz, timestamptz)`,
  `create function hold_film_seats(
    p_site_id uuid,
    p_user_id uuid,
    p_show_id uuid,
    p_seat_ids uuid[],
    p_order_no text,
    p_now timestamptz,
    p_hold_expires_at timestamptz
  ) returns table (new_order_id uuid, total_fen int, held_seats jsonb, lost_labels jsonb,
                  hold_deadline_at timestamptz, seat_changes jsonb)
  language plpgsql as $$
  declare
    v_show record;
    v_order record;
    v_status text;
    v_order_id uuid;
    v_amount int;
    v_seats jsonb;
    v_inserted uuid[];
    v_lost uuid[];
    v_sales_close_at timestamptz;
    v_expires_at timestamptz;
  begin
    select s.hall_id, s.cinema_id, s.start_at into v_show
      from shows s where s.id = p_show_id and s.site_id = p_site_id;
    if not found then
      raise exception 'show % not found', p_show_id using errcode = 'MQ404';
    end if;
    if v_show.start_at <= p_now then
      raise exception 'show % has started', p_show_id using errcode = 'MQ410';
    end if;
    -- Online sales close the site's margin before the start; a hold (and so the pay deadline and
    -- WeChat's time_expire) never outlives that moment.
    select v_show.start_at - make_interval(mins => si.sales_close_minutes) into v_sales_close_at
      from sites si where si.id = p_site_id;
    if v_sales_close_at <= p_now then
      raise exception 'sales of show % have closed', p_show_id using errcode = 'MQ411';
    end if;
    v_expires_at := least(p_hold_expires_at, v_sales_close_at);

    -- One user's holds run one after another: "one unpaid order per user per show" without a race.
    perform 1 from users u where u.id = p_user_id for update;

    -- This hold's seat changes are answered (seat_changes), not NOTIFYed: the caller announces
    -- them after commit. Local to the transaction; a rolled-back block takes its changes along.
    perform set_config('marquee.seat_changes_deferred', 'on', true);
    perform set_config('marquee.seat_changes', '[]', true);

    begin
      -- The user's previous unpaid orders for this show give way (expired if overdue).
      for v_order in
        select o.id, o.pay_deadline_at from orders o
        where o.user_id = p_user_id and o.kind = 'film' and o.status = 'pending_payment'
          and exists (select 1 from film_order_seats f
                      where f.order_id = o.id and f.show_id = p_show_id)
        order by o.id
        for update of o
      loop
        v_status := case when v_order.pay_deadline_at <= p_now then 'expired' else 'cancelled' end;
        update orders set status = v_status where id = v_order.id and status = 'pending_payment';
        if found then
          insert into order_events (order_id, from_status, to_status, reason)
          values (v_order.id, 'pending_payment', v_status,
                  case v_status when 'expired' then 'hold expired' else 'replaced by a new hold' end);
          update film_order_seats set state = 'released'
          where order_id = v_order.id and state in ('held', 'sold');
        end if;
      end loop;

      -- Expired holds still sitting on the wanted seats: their orders expire as a whole.
      for v_order in
        select o.id from orders o
        where o.id in (select f.order_id from film_order_seats f
                       where f.show_id = p_show_id and f.seat_id = any(p_seat_ids)
                         and f.state = 'held' and f.hold_expires_at <= p_now)
          and o.status = 'pending_payment' and o.pay_deadline_at <= p_now
        order by o.id
        for update of o
      loop
        update orders set status = 'expired' where id = v_order.id and status = 'pending_payment';
        if found then
          insert into order_events (order_id, from_status, to_status, reason)
          values (v_order.id, 'pending_payment', 'expired', 'hold expired (seats taken over)');
          update film_order_seats set state = 'released'
          where order_id = v_order.id and state in ('held', 'sold');
        end if;
      end loop;

      -- The price of each seat is the show's price of its area: what the order charges.
      select coalesce(sum(sp.discount_price_fen), 0) into v_amount
      from seats st join show_prices sp on sp.show_id = p_show_id and sp.area_id = st.area_id
      where st.id = any(p_seat_ids) and st.hall_id = v_show.hall_id and st.kind <> 'unavailable';

      insert into orders (site_id, user_id, kind, order_no, cinema_id, amount_fen,
                          pay_deadline_at, created_at)
      values (p_site_id, p_user_id, 'film', p_order_no, v_show.cinema_id, v_amount,
              v_expires_at, p_now)
      returning id into v_order_id;
      insert into order_events (order_id, from_status, to_status, reason)
      values (v_order_id, null, 'pending_payment', 'seats held');

      -- Seat id order: two overlapping holds wait on each other in the same order (no deadlock).
      with inserted as (
        insert into film_order_seats
          (order_id, show_id, seat_id, price_fen, discount_price_fen, hold_expires_at)
        select v_order_id, p_show_id, st.id, sp.price_fen, sp.discount_price_fen, v_expires_at
        from seats st join show_prices sp on sp.show_id = p_show_id and sp.area_id = st.area_id
        where st.id = any(p_seat_ids) and st.hall_id = v_show.hall_id and st.kind <> 'unavailable'
        order by st.id
        on conflict do nothing
        returning seat_id, price_fen, discount_price_fen
      )
      select array_agg(seat_id),
             jsonb_agg(jsonb_build_object('seatId', seat_id, 'priceFen', price_fen,
                                          'discountPriceFen', discount_price_fen))
      into v_inserted, v_seats
      from inserted;

      v_lost := array(select unnest(p_seat_ids) except select unnest(coalesce(v_inserted, '{}')));
      if cardinality(v_lost) > 0 then
        raise exception 'seats taken' using errcode = 'MQ409';
      end if;
    exception when sqlstate 'MQ409' then
      -- Everything since the inner begin is undone; the lost seats are still in v_lost.
      perform set_config('marquee.seat_changes_deferred', 'off', true);
      return query
        select null::uuid, 0, null::jsonb,
               coalesce((select jsonb_agg(st.label order by st.y, st.x)
                         from seats st where st.id = any(v_lost)), '[]'::jsonb),
               null::timestamptz, '[]'::jsonb;
      return;
    end;
    -- Later seat changes of a surrounding transaction are NOTIFYed by the triggers again.
    perform set_config('marquee.seat_changes_deferred', 'off', true);
    return query select v_order_id, v_amount, v_seats, '[]'::jsonb, v_expires_at,
                        current_setting('marquee.seat_changes')::jsonb;
  end $$`,
]);
