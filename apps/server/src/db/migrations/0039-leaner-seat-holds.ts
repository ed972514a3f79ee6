import { defineMigration } from '../define-migration.js';

/**
 * A seat hold in fewer statements, with plans that stay key look-ups (decision 002).
 *
 * Measured with perf on PostgreSQL under bench:seats (16 clients): the hold spent more time
 * starting statements, checking constraints and scanning than holding seats.
 * - The expiry step's generic plan, made while `orders` was empty (the plans of a connection are
 *   made once, on its first hold), read the whole table in every later hold: 17 % of PostgreSQL's
 *   time at the bench's end, growing with the table. Every statement of the hold now runs with
 *   `enable_seqscan = off`: each is a look-up by key, whatever the table's size was at planning.
 * - `film_order_seats_insert_check` (0036) ran two queries and share-locked the show row per
 *   inserted seat. The hold checks the same once (the show row share-locked in its first
 *   statement, so a staff change in progress is waited for before anything is read) and the
 *   trigger stands aside while a hold writes: the transaction-local setting `marquee.in_seat_hold`
 *   is `on`, which also keeps the seat-change triggers from NOTIFYing (0037, formerly
 *   `marquee.seat_changes_deferred`). Every other writer of film_order_seats is checked and
 *   NOTIFYs as before.
 * - The user's previous unpaid order for this show and the expired holds on the wanted seats are
 *   found with one probe; when there are none (a user's first hold, no expired holder) nothing
 *   else runs for them. Each order that gives way changes in one statement (status, event) and
 *   its seats in a second one, which reads after the order's row lock was taken, as the loops of
 *   0037 did. The new order, its event and its seats are one statement.
 * - One subtransaction per hold instead of two: `hold_film_seats_once` has no exception block of
 *   its own and raises MQ409 (seats taken) with the lost seats' labels as the error's DETAIL (a
 *   JSON array); its caller's block undoes the hold. `hold_film_seats_many` (0038) calls it in the
 *   one block per hold it already had (so a batch of 16 holds carries 16 subtransaction ids, not
 *   32); `hold_film_seats` keeps its signature and answers (a lost hold is a row with no order).
 *
 * Same locks in the same order otherwise (the user's row, then orders by id, then seats in id
 * order), same answers, same seat-change payloads in the same order; the unique index on active
 * seats still decides every race.
 */
export default defineMigration([
  // The triggers that a hold stands aside from, now under one setting.
  `drop trigger film_order_seats_insert_check on film_order_seats`,
  `create trigger film_order_seats_insert_check before insert on film_order_seats
    for each row
    when (current_setting('marquee.in_seat_hold', true) is distinct from 'on')
    execute function film_order_seats_insert_check()`,
  `drop trigger film_order_seats_notify_insert on film_order_seats`,
  `create trigger film_order_seats_notify_insert after insert on film_order_seats
    referencing new table as changed for each statement
    when (current_setting('marquee.in_seat_hold', true) is distinct from 'on')
    execute function notify_seat_changes()`,
  `drop trigger film_order_seats_notify_update on film_order_seats`,
  `create trigger film_order_seats_notify_update after update on film_order_seats
    referencing new table as changed for each statement
    when (current_setting('marquee.in_seat_hold', true) is distinct from 'on')
    execute function notify_seat_changes()`,

  `create function hold_film_seats_once(
    p_site_id uuid,
    p_user_id uuid,
    p_show_id uuid,
    p_seat_ids uuid[],
    p_order_no text,
    p_now timestamptz,
    p_hold_expires_at timestamptz
  ) returns table (new_order_id uuid, total_fen int, held_seats jsonb,
                   hold_deadline_at timestamptz, seat_changes jsonb)
  language plpgsql
  -- Plans made once per connection, and never a scan of a whole table (see above).
  set plan_cache_mode = force_generic_plan
  set enable_seqscan = off
  as $$
  declare
    v_show record;
    v_replaced uuid[];
    v_overdue uuid[];
    v_released uuid[] := '{}';
    v_count int;
    v_giving_way uuid;
    v_order_id uuid;
    v_amount int;
    v_seats jsonb;
    v_inserted uuid[];
    v_lost uuid[];
    v_labels jsonb;
    v_expires_at timestamptz;
    v_changes jsonb := '[]';
  begin
    -- The show, share-locked: a staff change of it in progress (off sale, cancelled, a seat
    -- blocked) is waited for, and the statements below read what it left. The user's row
    -- locked: one user's holds run one after another ("one unpaid order per user per show").
    -- Online sales close the site's margin before the start; a hold (and so the pay deadline and
    -- WeChat's time_expire) never outlives that moment.
    select s.hall_id, s.cinema_id, s.layout_id, s.is_on_sale, s.start_at,
           s.start_at - make_interval(mins => si.sales_close_minutes) as sales_close_at
      into v_show
      from shows s join sites si on si.id = s.site_id cross join users u
      where s.id = p_show_id and s.site_id = p_site_id and u.id = p_user_id
      for share of s for update of u;
    if not found then
      if exists (select 1 from shows s where s.id = p_show_id and s.site_id = p_site_id) then
        raise exception 'user % not found', p_user_id using errcode = 'foreign_key_violation';
      end if;
      raise exception 'show % not found', p_show_id using errcode = 'MQ404';
    end if;
    if v_show.start_at <= p_now then
      raise exception 'show % has started', p_show_id using errcode = 'MQ410';
    end if;
    if v_show.sales_close_at <= p_now then
      raise exception 'sales of show % have closed', p_show_id using errcode = 'MQ411';
    end if;
    if not v_show.is_on_sale then
      raise exception 'show % is not on sale', p_show_id using errcode = 'check_violation';
    end if;
    v_expires_at := least(p_hold_expires_at, v_show.sales_close_at);

    -- What gives way, in one probe: the user's unpaid orders with seats of this show (found
    -- through the user's unpaid orders and each one's own seat rows), and the orders whose expired
    -- holds still sit on the wanted seats (each wanted seat's own row; offset 0 keeps the look-up
    -- per seat). Each list in id order: the order in which their rows are locked below.
    select array(select o.id from orders o
                 where o.user_id = p_user_id and o.status = 'pending_payment'
                   and p_show_id = any(array(select f.show_id from film_order_seats f
                                             where f.order_id = o.id))
                 order by o.id),
           array(select distinct f.order_id
                 from unnest(p_seat_ids) w(seat_id)
                 cross join lateral (
                   select f.order_id from film_order_seats f
                   where f.show_id = p_show_id and f.seat_id = w.seat_id
                     and f.state = 'held' and f.hold_expires_at <= p_now
                   offset 0) f
                 order by f.order_id)
      into v_replaced, v_overdue;

    -- Each gives way in two statements: the order (its status checked again under its row lock:
    -- the user's previous order is expired if overdue, else cancelled; an expired holder's only if
    -- still overdue) with its event, then its seats, read after the order's lock was taken. One
    -- order per statement: a look-up by key, never the index of every unpaid order.
    foreach v_giving_way in array v_replaced || v_overdue loop
      continue when v_giving_way = any(v_released);
      v_released := v_released || v_giving_way;
      with changed as (
        update orders o
        set status = case when o.pay_deadline_at <= p_now then 'expired' else 'cancelled' end
        where o.id = v_giving_way and o.status = 'pending_payment'
          and (o.id = any(v_replaced) or o.pay_deadline_at <= p_now)
        returning o.id, o.status
      ), events as (
        insert into order_events (order_id, from_status, to_status, reason)
        select c.id, 'pending_payment', c.status,
               case when not c.id = any(v_replaced) then 'hold expired (seats taken over)'
                    when c.status = 'expired' then 'hold expired'
                    else 'replaced by a new hold' end
        from changed c
      )
      select count(*) into v_count from changed;
      continue when v_count = 0;
      -- Below, state <> 'released' (held or sold) keeps the planner off the index of every
      -- show's active seats: the order's own rows are all it reads.
      with changed as (
        update film_order_seats set state = 'released'
        where order_id = v_giving_way and state <> 'released'
        returning show_id, seat_id, state, version
      )
      select v_changes || coalesce(jsonb_agg(seat_change_payload(c.show_id, c.version, c.seats)::jsonb),
                                   '[]'::jsonb)
        into v_changes
        from (select show_id, max(version) as version,
                     json_agg(json_build_array(seat_id, state) order by seat_id) as seats
              from changed group by show_id) c;
    end loop;

    -- The order, its event and its seats at the show's price of each seat's area: the seats of
    -- the show's layout, for sale, not blocked for this show. Seat id order: two overlapping holds
    -- wait on each other in the same order (no deadlock). A seat held or sold already is skipped
    -- (the unique index on active seats), and so lost.
    -- Each wanted seat's own row (offset 0: never every seat of the layout).
    with priced as (
      select st.id as seat_id, sp.price_fen, sp.discount_price_fen
      from unnest(p_seat_ids) w(seat_id)
      cross join lateral (select st.* from seats st where st.id = w.seat_id offset 0) st
      join show_prices sp on sp.show_id = p_show_id and sp.area_id = st.area_id
      where st.layout_id = v_show.layout_id and st.kind <> 'unavailable'
        and not exists (select 1 from show_seat_blocks b
                        where b.show_id = p_show_id and b.seat_id = st.id
                          and b.unblocked_at is null)
    ), new_order as (
      insert into orders (site_id, user_id, kind, order_no, cinema_id, amount_fen,
                          pay_deadline_at, created_at)
      select p_site_id, p_user_id, 'film', p_order_no, v_show.cinema_id,
             coalesce(sum(p.discount_price_fen), 0), v_expires_at, p_now
      from priced p
      returning id, amount_fen
    ), event as (
      insert into order_events (order_id, from_status, to_status, reason)
      select o.id, null, 'pending_payment', 'seats held' from new_order o
    ), inserted as (
      insert into film_order_seats
        (order_id, show_id, seat_id, price_fen, discount_price_fen, hold_expires_at)
      select o.id, p_show_id, p.seat_id, p.price_fen, p.discount_price_fen, v_expires_at
      from priced p cross join new_order o
      order by p.seat_id
      on conflict do nothing
      returning seat_id, state, price_fen, discount_price_fen, version
    )
    select (select o.id from new_order o), (select o.amount_fen from new_order o),
           array_agg(i.seat_id),
           jsonb_agg(jsonb_build_object('seatId', i.seat_id, 'priceFen', i.price_fen,
                                        'discountPriceFen', i.discount_price_fen)),
           case when count(*) > 0 then
             v_changes || jsonb_build_array(seat_change_payload(p_show_id, max(i.version),
               json_agg(json_build_array(i.seat_id, i.state) order by i.seat_id))::jsonb)
           else v_changes end
      into v_order_id, v_amount, v_inserted, v_seats, v_changes
      from inserted i;

    -- Which seats were lost is only worked out when fewer rows came back than were asked for.
    -- The caller's subtransaction undoes everything of this hold.
    if coalesce(cardinality(v_inserted), 0) < cardinality(p_seat_ids) then
      v_lost := array(select unnest(p_seat_ids)
                      except select unnest(coalesce(v_inserted, '{}')));
      if cardinality(v_lost) > 0 then
        select coalesce(jsonb_agg(st.label order by st.y, st.x), '[]'::jsonb) into v_labels
          from seats st where st.id = any(v_lost);
        raise exception 'seats taken' using errcode = 'MQ409', detail = v_labels::text;
      end if;
    end if;
    return query select v_order_id, v_amount, v_seats, v_expires_at, v_changes;
  end $$`,

  // The hold of one statement (tests, tools): answers as since 0035, a lost hold as a row.
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
  as $$
  declare
    v_row record;
    v_labels text;
  begin
    -- This hold's seat changes are answered, not NOTIFYed; its checks are its own (see above).
    perform set_config('marquee.in_seat_hold', 'on', true);
    begin
      select * into strict v_row from hold_film_seats_once(
        p_site_id, p_user_id, p_show_id, p_seat_ids, p_order_no, p_now, p_hold_expires_at);
    exception when sqlstate 'MQ409' then
      get stacked diagnostics v_labels = pg_exception_detail;
      perform set_config('marquee.in_seat_hold', 'off', true);
      return query select null::uuid, 0, null::jsonb, v_labels::jsonb, null::timestamptz,
                          '[]'::jsonb;
      return;
    end;
    -- Later seat changes of a surrounding transaction are checked and NOTIFYed by the triggers.
    perform set_config('marquee.in_seat_hold', 'off', true);
    return query select v_row.new_order_id, v_row.total_fen, v_row.held_seats, '[]'::jsonb,
                        v_row.hold_deadline_at, v_row.seat_changes;
  end $$`,

  // 0038's batch, each hold one subtransaction around hold_film_seats_once.
  `create or replace function hold_film_seats_many(p_holds jsonb)
    returns table (n int, new_order_id uuid, total_fen int, held_seats jsonb, lost_labels jsonb,
                   hold_deadline_at timestamptz, seat_changes jsonb,
                   error_code text, error_message text, error_constraint text)
    language plpgsql
    set plan_cache_mode = force_generic_plan
    as $$
  declare
    v_hold jsonb;
    v_row record;
    v_labels text;
  begin
    perform set_config('marquee.in_seat_hold', 'on', true);
    n := 0;
    for v_hold in select value from jsonb_array_elements(p_holds) loop
      n := n + 1;
      if n = 2 then
        perform set_config('lock_timeout', '5ms', true);
      end if;
      new_order_id := null; total_fen := null; held_seats := null; lost_labels := null;
      hold_deadline_at := null; seat_changes := null;
      error_code := null; error_message := null; error_constraint := null;
      begin
        select * into strict v_row from hold_film_seats_once(
          (v_hold->>'siteId')::uuid, (v_hold->>'userId')::uuid, (v_hold->>'showId')::uuid,
          (v_hold->>'seatIds')::uuid[], v_hold->>'orderNo', (v_hold->>'now')::timestamptz,
          (v_hold->>'holdExpiresAt')::timestamptz) h;
        new_order_id := v_row.new_order_id;
        total_fen := v_row.total_fen;
        held_seats := v_row.held_seats;
        lost_labels := '[]'::jsonb;
        hold_deadline_at := v_row.hold_deadline_at;
        seat_changes := v_row.seat_changes;
      exception
        when sqlstate 'MQ409' then
          -- Seats lost: this hold wrote nothing; the answer names them.
          get stacked diagnostics v_labels = pg_exception_detail;
          total_fen := 0;
          lost_labels := v_labels::jsonb;
          seat_changes := '[]'::jsonb;
        when others then
          -- This hold's writes are undone; the holds before it keep theirs.
          get stacked diagnostics error_code = returned_sqlstate, error_message = message_text,
                                  error_constraint = constraint_name;
      end;
      return next;
    end loop;
    perform set_config('marquee.in_seat_hold', 'off', true);
  end $$`,
]);
