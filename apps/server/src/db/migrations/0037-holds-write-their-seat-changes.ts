import { defineMigration } from '../define-migration.js';

/**
 * A seat hold writes its own seat-change payloads (decision 002).
 *
 * Since 0035 the statement triggers of film_order_seats (`notify_seat_changes`) collected a hold's
 * payloads into the transaction-local setting `marquee.seat_changes`, a JSON text parsed and
 * written again for every statement: 5-8 % of the hold's CPU under pgbench.
 *
 * - `seat_change_payload(show, version, seats)`: one payload, `{showId, version, seats}`, or
 *   without its seats past 7,000 bytes (NOTIFY's limit is 8,000), as the trigger made it; the
 *   trigger and the hold both use it.
 * - `notify_seat_changes()` NOTIFYs again, always; its two triggers do not fire while
 *   `marquee.seat_changes_deferred` is on (a `when` clause: not even the function is called).
 *   Only `hold_film_seats` turns it on, so every other writer NOTIFYs in its transaction as
 *   before, the same payloads.
 * - `hold_film_seats` (0036, redefined here and only here): each of its three statements that
 *   change seats returns the rows it changed and the payload is built from them (grouped by
 *   show, highest version, seats in id order: what the trigger's transition table gave). Same
 *   answers, locks and steps; `seat_changes` is the same array in the same order.
 */
export default defineMigration([
  `create function seat_change_payload(p_show_id uuid, p_version bigint, p_seats json)
    returns text language plpgsql stable as $$
  declare
    payload text := json_build_object('showId', p_show_id, 'version', p_version,
                                      'seats', p_seats)::text;
  begin
    if octet_length(payload) > 7000 then
      payload := json_build_object('showId', p_show_id, 'version', p_version, 'seats', null)::text;
    end if;
    return payload;
  end $$`,
  `create or replace function notify_seat_changes() returns trigger language plpgsql as $$
  declare
    change record;
  begin
    for change in
      select show_id, max(version) as version,
             json_agg(json_build_array(seat_id, state) order by seat_id) as seats
      from changed group by show_id
    loop
      perform pg_notify('seat_changes_' || current_schema(),
                        seat_change_payload(change.show_id, change.version, change.seats));
    end loop;
    return null;
  end $$`,
  `drop trigger film_order_seats_notify_insert on film_order_seats`,
  `create trigger film_order_seats_notify_insert after insert on film_order_seats
    referencing new table as changed for each statement
    when (current_setting('marquee.seat_changes_deferred', true) is distinct from 'on')
    execute function notify_seat_changes()`,
  `drop trigger film_order_seats_notify_update on film_order_seats`,
  `create trigger film_order_seats_notify_update after update on film_order_seats
    referencing new table as changed for each statement
    when (current_setting('marquee.seat_changes_deferred', true) is distinct from 'on')
    execute function notify_seat_changes()`,
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
  language plpgsql
  -- Plans made once per connection: every statement here is a key look-up, and a custom plan
  -- per call cost more CPU than running it.
  set plan_cache_mode = force_generic_plan
  as $$
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
    v_changes jsonb := '[]';
  begin
    -- Online sales close the site's margin before the start; a hold (and so the pay deadline and
    -- WeChat's time_expire) never outlives that moment.
    select s.hall_id, s.cinema_id, s.start_at,
           s.start_at - make_interval(mins => si.sales_close_minutes) as sales_close_at
      into v_show
      from shows s join sites si on si.id = s.site_id
      where s.id = p_show_id and s.site_id = p_site_id;
    if not found then
      raise exception 'show % not found', p_show_id using errcode = 'MQ404';
    end if;
    if v_show.start_at <= p_now then
      raise exception 'show % has started', p_show_id using errcode = 'MQ410';
    end if;
    v_sales_close_at := v_show.sales_close_at;
    if v_sales_close_at <= p_now then
      raise exception 'sales of show % have closed', p_show_id using errcode = 'MQ411';
    end if;
    v_expires_at := least(p_hold_expires_at, v_sales_close_at);

    -- One user's holds run one after another: "one unpaid order per user per show" without a race.
    perform 1 from users u where u.id = p_user_id for update;

    -- This hold's seat changes are answered (seat_changes), not NOTIFYed: the caller announces
    -- them after commit. The statement triggers of film_order_seats stand aside while the setting
    -- is on (local to the transaction); the hold writes each statement's payload itself, as the
    -- trigger would have, from what the statement returns.
    perform set_config('marquee.seat_changes_deferred', 'on', true);

    begin
      -- The user's previous unpaid orders for this show give way (expired if overdue). Found
      -- through the user's unpaid orders only (orders_user_pending) and each order's own seat
      -- rows (only film orders have any): never a scan of the user's order history, of every
      -- film order or of the show's seat rows, whatever the planner believes of a hot show's
      -- row counts. The update below rechecks the status.
      for v_order in
        select o.id, o.pay_deadline_at from orders o
        where o.id = any(array(select u.id from orders u
                               where u.user_id = p_user_id and u.status = 'pending_payment'))
          and p_show_id = any(array(select f.show_id from film_order_seats f
                                    where f.order_id = o.id))
        order by o.id
        for update of o
      loop
        -- Below, state <> 'released' (held or sold) keeps the planner off the index of every
        -- show's active seats: the order's own rows are all it reads.
        v_status := case when v_order.pay_deadline_at <= p_now then 'expired' else 'cancelled' end;
        update orders set status = v_status where id = v_order.id and status = 'pending_payment';
        if found then
          insert into order_events (order_id, from_status, to_status, reason)
          values (v_order.id, 'pending_payment', v_status,
                  case v_status when 'expired' then 'hold expired' else 'replaced by a new hold' end);
          with changed as (
            update film_order_seats set state = 'released'
            where order_id = v_order.id and state <> 'released'
            returning show_id, seat_id, state, version
          )
          select v_changes || coalesce(jsonb_agg(seat_change_payload(c.show_id, c.version, c.seats)::jsonb),
                                       '[]'::jsonb)
          into v_changes
          from (select show_id, max(version) as version,
                       json_agg(json_build_array(seat_id, state) order by seat_id) as seats
                from changed group by show_id) c;
        end if;
      end loop;

      -- Expired holds still sitting on the wanted seats: their orders expire as a whole.
      for v_order in
        select o.id from orders o
        -- Each wanted seat's own row (show, seat), not every held row of the show: what the
        -- planner picks for a hot show it has no statistics of (offset 0 keeps the look-up per
        -- seat). The update below checks the order is still unpaid and overdue.
        where o.id = any(array(
          select f.order_id
          from unnest(p_seat_ids) w(seat_id)
          cross join lateral (
            select f.order_id from film_order_seats f
            where f.show_id = p_show_id and f.seat_id = w.seat_id
              and f.state = 'held' and f.hold_expires_at <= p_now
            offset 0) f))
        order by o.id
        for update of o
      loop
        update orders set status = 'expired'
        where id = v_order.id and status = 'pending_payment' and pay_deadline_at <= p_now;
        if found then
          insert into order_events (order_id, from_status, to_status, reason)
          values (v_order.id, 'pending_payment', 'expired', 'hold expired (seats taken over)');
          with changed as (
            update film_order_seats set state = 'released'
            where order_id = v_order.id and state <> 'released'
            returning show_id, seat_id, state, version
          )
          select v_changes || coalesce(jsonb_agg(seat_change_payload(c.show_id, c.version, c.seats)::jsonb),
                                       '[]'::jsonb)
          into v_changes
          from (select show_id, max(version) as version,
                       json_agg(json_build_array(seat_id, state) order by seat_id) as seats
                from changed group by show_id) c;
        end if;
      end loop;

      -- The price of each seat is the show's price of its area: what the order charges.
      insert into orders (site_id, user_id, kind, order_no, cinema_id, amount_fen,
                          pay_deadline_at, created_at)
      select p_site_id, p_user_id, 'film', p_order_no, v_show.cinema_id,
             coalesce(sum(sp.discount_price_fen), 0), v_expires_at, p_now
      from seats st join show_prices sp on sp.show_id = p_show_id and sp.area_id = st.area_id
      where st.id = any(p_seat_ids) and st.hall_id = v_show.hall_id and st.kind <> 'unavailable'
      returning id, amount_fen into v_order_id, v_amount;
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
        returning seat_id, state, price_fen, discount_price_fen, version
      )
      select array_agg(seat_id),
             jsonb_agg(jsonb_build_object('seatId', seat_id, 'priceFen', price_fen,
                                          'discountPriceFen', discount_price_fen)),
             case when count(*) > 0 then
               v_changes || jsonb_build_array(seat_change_payload(p_show_id, max(version),
                 json_agg(json_build_array(seat_id, state) order by seat_id))::jsonb)
             else v_changes end
      into v_inserted, v_seats, v_changes
      from inserted;

      -- Which seats were lost is only worked out when fewer rows came back than were asked for.
      if coalesce(cardinality(v_inserted), 0) < cardinality(p_seat_ids) then
        v_lost := array(select unnest(p_seat_ids)
                        except select unnest(coalesce(v_inserted, '{}')));
        if cardinality(v_lost) > 0 then
          raise exception 'seats taken' using errcode = 'MQ409';
        end if;
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
    return query select v_order_id, v_amount, v_seats, '[]'::jsonb, v_expires_at, v_changes;
  end $$`,
]);
