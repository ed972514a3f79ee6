import { defineMigration } from '../define-migration.js';

/**
 * A seat hold costs PostgreSQL less CPU (decision 002). Profiled under pgbench running
 * `hold_film_seats` alone: 42 % of the backends' CPU went to finding the user's previous unpaid
 * order for the show, a bitmap scan of every seat row the show ever had (the planner's guess for
 * a hot show is far below the truth), then planning each statement anew, then triggers.
 *
 * - `orders_user_pending`: a user's unpaid orders, found without reading their order history.
 * - `hold_film_seats` (0035, redefined here and only here): the previous order is found through
 *   that index and each order's own seat rows; the show and the site are read in one statement;
 *   its statements keep one generic plan per connection (`plan_cache_mode`). Same answers, same
 *   locks, same order of steps.
 * - The three BEFORE INSERT triggers of `film_order_seats` (0015 show on sale, 0016 seat not
 *   blocked, 0019 seat of the show's layout) become one, `film_order_seats_insert_check`, with two
 *   statements instead of four per seat row. Same guarantees for every writer: a seat not of the
 *   show's layout or of a show off sale is refused (check_violation), a blocked seat is skipped
 *   (the insert returns one row less). The show row is still read FOR SHARE first, and the block
 *   is looked up in a statement of its own after it (a new snapshot): staff blocks, off-sales and
 *   cancellations lock the show row FOR UPDATE, so a hold racing them commits first (they see it)
 *   or waits and sees their change.
 * - `orders_paid_by_collected_money` and `orders_film_goods_follow` fire only when their function
 *   would do something (a `when` clause, the function's own first test): a released hold no
 *   longer calls them.
 */
export default defineMigration([
  `create index orders_user_pending on orders (user_id) where status = 'pending_payment'`,
  `drop trigger film_order_seats_seat_of_layout on film_order_seats`,
  `drop trigger film_order_seats_show_on_sale on film_order_seats`,
  `drop trigger film_order_seats_show_seat_blocked on film_order_seats`,
  `drop function film_order_seats_seat_of_layout()`,
  `drop function film_order_seats_show_on_sale()`,
  `drop function film_order_seats_not_blocked()`,
  `create function film_order_seats_insert_check() returns trigger language plpgsql as $$
  declare
    v_on_sale boolean;
    v_of_layout boolean;
  begin
    -- FOR SHARE: a hold waits for a staff change of the show (off sale, cancelled, seat blocked)
    -- in progress, then reads the show as it left it.
    select sh.is_on_sale,
           exists (select 1 from seats st where st.id = new.seat_id and st.layout_id = sh.layout_id)
      into v_on_sale, v_of_layout
      from shows sh where sh.id = new.show_id
      for share;
    if not coalesce(v_of_layout, false) then
      raise exception 'seat % is not of the layout of show %', new.seat_id, new.show_id
        using errcode = 'check_violation';
    end if;
    if not v_on_sale then
      raise exception 'show % is not on sale', new.show_id using errcode = 'check_violation';
    end if;
    -- A statement of its own, so a block committed while this waited for the show row is seen.
    if exists (select 1 from show_seat_blocks b
               where b.show_id = new.show_id and b.seat_id = new.seat_id
                 and b.unblocked_at is null) then
      return null;
    end if;
    return new;
  end $$`,
  `create trigger film_order_seats_insert_check before insert on film_order_seats
    for each row execute function film_order_seats_insert_check()`,
  `drop trigger orders_paid_by_collected_money on orders`,
  `create trigger orders_paid_by_collected_money before update on orders
    for each row when (old.status = 'pending_payment' and new.status = 'paid')
    execute function check_order_paid()`,
  `drop trigger orders_film_goods_follow on orders`,
  `create trigger orders_film_goods_follow after update of status on orders
    for each row when (new.kind = 'film' and new.goods_fen <> 0 and new.status <> old.status)
    execute function film_order_goods_follow()`,
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
    -- them after commit. Local to the transaction; a rolled-back block takes its changes along.
    perform set_config('marquee.seat_changes_deferred', 'on', true),
            set_config('marquee.seat_changes', '[]', true);

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
          update film_order_seats set state = 'released'
          where order_id = v_order.id and state <> 'released';
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
          update film_order_seats set state = 'released'
          where order_id = v_order.id and state <> 'released';
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
        returning seat_id, price_fen, discount_price_fen
      )
      select array_agg(seat_id),
             jsonb_agg(jsonb_build_object('seatId', seat_id, 'priceFen', price_fen,
                                          'discountPriceFen', discount_price_fen))
      into v_inserted, v_seats
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
    return query select v_order_id, v_amount, v_seats, '[]'::jsonb, v_expires_at,
                        current_setting('marquee.seat_changes')::jsonb;
  end $$`,
]);
