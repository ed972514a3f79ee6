CREATE OR REPLACE FUNCTION hold_film_seats_once(p_site_id uuid, p_user_id uuid, p_show_id uuid, p_seat_ids uuid[], p_order_no text, p_now timestamp with time zone, p_hold_expires_at timestamp with time zone)
 RETURNS TABLE(new_order_id uuid, total_fen integer, held_seats jsonb, hold_deadline_at timestamp with time zone, seat_changes jsonb)
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
 SET enable_seqscan TO 'off'
AS $function$
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

    -- What gives way, and what is taken already, in one probe: the user's unpaid orders with seats
    -- of this show (found through the user's unpaid orders and each one's own seat rows), and each
    -- wanted seat's active row (offset 0 keeps the look-up per seat): an expired hold gives way,
    -- a live hold or a sale of anyone else's order (the user's unpaid orders give way) means the
    -- seat is taken, and the hold is lost before it writes anything (migration 0040). Each list
    -- of orders in id order: the order in which their rows are locked below.
    with mine as (
      select o.id from orders o
      where o.user_id = p_user_id and o.status = 'pending_payment'
        and p_show_id = any(array(select f.show_id from film_order_seats f where f.order_id = o.id))
    ), wanted as (
      select w.seat_id, f.order_id, f.state = 'held' and f.hold_expires_at <= p_now as overdue
      from unnest(p_seat_ids) w(seat_id)
      cross join lateral (
        select f.order_id, f.state, f.hold_expires_at from film_order_seats f
        where f.show_id = p_show_id and f.seat_id = w.seat_id and f.state in ('held', 'sold')
        offset 0) f
    )
    select array(select m.id from mine m order by m.id),
           array(select distinct w.order_id from wanted w where w.overdue order by w.order_id),
           array(select w.seat_id from wanted w
                 where not w.overdue and not w.order_id = any(array(select m.id from mine m)))
      into v_replaced, v_overdue, v_lost;
    if cardinality(v_lost) > 0 then
      select coalesce(jsonb_agg(st.label order by st.y, st.x), '[]'::jsonb) into v_labels
        from seats st where st.id = any(v_lost);
      raise exception 'seats taken' using errcode = 'MQ409', detail = v_labels::text;
    end if;

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
  end $function$;
