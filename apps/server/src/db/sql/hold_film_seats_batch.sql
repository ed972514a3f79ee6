CREATE OR REPLACE FUNCTION hold_film_seats_batch(p_holds jsonb)
 RETURNS TABLE(n integer, new_order_id uuid, total_fen integer, held_seats jsonb, lost_labels jsonb, hold_deadline_at timestamp with time zone, seat_changes jsonb, error_code text, error_message text, error_constraint text)
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
 SET enable_seqscan TO 'off'
AS $function$
  declare
    v_hold jsonb;
    v_k int := 0;
    v_show record;
    v_site uuid; v_user uuid; v_show_id uuid; v_seats uuid[]; v_now timestamptz;
    v_replaced uuid[]; v_overdue uuid[]; v_lost uuid[]; v_labels jsonb;
    v_claimed uuid[] := '{}';
    v_count int;
    h_site uuid[] := '{}'; h_user uuid[] := '{}'; h_show uuid[] := '{}'; h_order_no text[] := '{}';
    h_now timestamptz[] := '{}'; h_expires timestamptz[] := '{}'; h_cinema uuid[] := '{}';
    h_layout uuid[] := '{}'; h_labels jsonb[] := '{}'; h_won boolean[] := '{}';
    w_n int[] := '{}'; w_seat uuid[] := '{}';
    r_order uuid[] := '{}'; r_n int[] := '{}'; r_own boolean[] := '{}';
    c_n int[]; c_payload jsonb[];
    a_n int[]; a_order uuid[]; a_amount int[]; a_seats jsonb[]; a_payload jsonb[];
  begin
    -- h_*: each hold's facts by its place in the statement (1-based). w_*: the winners' seats.
    -- r_*: the orders that give way, the hold that replaces them, and whether they are its
    -- user's own (else an expired hold taken over). v_claimed: the seats won so far.
    for v_hold in select value from jsonb_array_elements(p_holds) loop
      v_k := v_k + 1;
      if v_k = 2 then
        perform set_config('lock_timeout', '5ms', true);
      end if;
      v_site := (v_hold->>'siteId')::uuid; v_user := (v_hold->>'userId')::uuid;
      v_show_id := (v_hold->>'showId')::uuid; v_seats := (v_hold->>'seatIds')::uuid[];
      v_now := (v_hold->>'now')::timestamptz;
      select s.cinema_id, s.layout_id, s.is_on_sale, s.start_at,
             s.start_at - make_interval(mins => si.sales_close_minutes) as sales_close_at
        into v_show
        from shows s join sites si on si.id = s.site_id cross join users u
        where s.id = v_show_id and s.site_id = v_site and u.id = v_user
        for share of s for update of u;
      -- A hold that fails goes the old way, where it gets its own error (0039).
      if not found or v_show.start_at <= v_now or v_show.sales_close_at <= v_now
         or not v_show.is_on_sale then
        raise exception 'not the plain case' using errcode = 'MQFB1';
      end if;
      -- 0040's probe, with what the holds before this one won (taken) and gave way (free).
      with mine as (
        select o.id from orders o
        where o.user_id = v_user and o.status = 'pending_payment'
          and v_show_id = any(array(select f.show_id from film_order_seats f where f.order_id = o.id))
      ), wanted as (
        select w.seat_id, f.order_id, f.state = 'held' and f.hold_expires_at <= v_now as overdue
        from unnest(v_seats) w(seat_id)
        cross join lateral (
          select f.order_id, f.state, f.hold_expires_at from film_order_seats f
          where f.show_id = v_show_id and f.seat_id = w.seat_id and f.state in ('held', 'sold')
          offset 0) f
      )
      select array(select m.id from mine m where not m.id = any(r_order) order by m.id),
             array(select distinct w.order_id from wanted w
                   where w.overdue and not w.order_id = any(r_order)
                     and not w.order_id = any(array(select m.id from mine m))
                   order by w.order_id),
             array(select w.seat_id from wanted w
                   where not w.overdue and not w.order_id = any(r_order)
                     and not w.order_id = any(array(select m.id from mine m))
                   union
                   select s.seat_id from unnest(v_seats) s(seat_id) where s.seat_id = any(v_claimed))
        into v_replaced, v_overdue, v_lost;
      h_site := h_site || v_site; h_user := h_user || v_user; h_show := h_show || v_show_id;
      h_order_no := h_order_no || (v_hold->>'orderNo'); h_now := h_now || v_now;
      h_expires := h_expires
        || least((v_hold->>'holdExpiresAt')::timestamptz, v_show.sales_close_at);
      h_cinema := h_cinema || v_show.cinema_id; h_layout := h_layout || v_show.layout_id;
      if cardinality(v_lost) > 0 then
        select coalesce(jsonb_agg(st.label order by st.y, st.x), '[]'::jsonb) into v_labels
          from seats st where st.id = any(v_lost);
        h_labels := h_labels || v_labels; h_won := h_won || false;
        continue;
      end if;
      h_labels := h_labels || '[]'::jsonb; h_won := h_won || true;
      v_claimed := v_claimed || v_seats;
      w_n := w_n || array_fill(v_k, array[cardinality(v_seats)]); w_seat := w_seat || v_seats;
      r_order := r_order || v_replaced || v_overdue;
      r_n := r_n || array_fill(v_k, array[cardinality(v_replaced) + cardinality(v_overdue)]);
      r_own := r_own || array_fill(true, array[cardinality(v_replaced)])
                     || array_fill(false, array[cardinality(v_overdue)]);
    end loop;

    -- The orders that give way, as 0039 changes each: status checked again under the row lock.
    with given as (
      select r.order_id, r.n, r.own, h_now[r.n] as now
      from unnest(r_order, r_n, r_own) r(order_id, n, own)
    ), changed as (
      update orders o
      set status = case when o.pay_deadline_at <= g.now then 'expired' else 'cancelled' end
      from given g
      where o.id = g.order_id and o.status = 'pending_payment'
        and (g.own or o.pay_deadline_at <= g.now)
      returning o.id, o.status, g.own
    ), events as (
      insert into order_events (order_id, from_status, to_status, reason)
      select c.id, 'pending_payment', c.status,
             case when not c.own then 'hold expired (seats taken over)'
                  when c.status = 'expired' then 'hold expired'
                  else 'replaced by a new hold' end
      from changed c
    )
    select count(*) into v_count from changed;
    if v_count <> cardinality(r_order) then
      raise exception 'an order changed under the batch' using errcode = 'MQFB2';
    end if;

    -- Their seats, after their orders' row locks; each hold's payloads in its orders' order.
    with changed as (
      update film_order_seats set state = 'released'
      where order_id = any(r_order) and state <> 'released'
      returning order_id, show_id, seat_id, state, version
    ), payloads as (
      select g.n, g.pos, c.show_id,
             seat_change_payload(c.show_id, max(c.version),
               json_agg(json_build_array(c.seat_id, c.state) order by c.seat_id))::jsonb as payload
      from changed c
      join unnest(r_order, r_n) with ordinality g(order_id, n, pos) on g.order_id = c.order_id
      group by g.n, g.pos, c.show_id
    )
    select coalesce(array_agg(p.n order by p.n, p.pos, p.show_id), '{}'),
           coalesce(array_agg(p.payload order by p.n, p.pos, p.show_id), '{}')
      into c_n, c_payload
      from payloads p;

    -- The winners' orders, events and seats at the show's prices; a seat not for sale or taken
    -- meanwhile makes the insert short, and the batch gives way to the loop.
    with priced as (
      select w.n, w.seat_id, sp.price_fen, sp.discount_price_fen
      from unnest(w_n, w_seat) w(n, seat_id)
      cross join lateral (select st.* from seats st where st.id = w.seat_id offset 0) st
      join show_prices sp on sp.show_id = h_show[w.n] and sp.area_id = st.area_id
      where st.layout_id = h_layout[w.n] and st.kind <> 'unavailable'
        and not exists (select 1 from show_seat_blocks b
                        where b.show_id = h_show[w.n] and b.seat_id = st.id
                          and b.unblocked_at is null)
    ), totals as (
      select p.n, sum(p.discount_price_fen)::int as amount from priced p group by p.n
    ), new_orders as (
      insert into orders (site_id, user_id, kind, order_no, cinema_id, amount_fen,
                          pay_deadline_at, created_at)
      select h_site[t.n], h_user[t.n], 'film', h_order_no[t.n], h_cinema[t.n], t.amount,
             h_expires[t.n], h_now[t.n]
      from totals t order by t.n
      returning id, order_no, amount_fen
    ), numbered as (
      select o.id, o.amount_fen, k.n::int as n
      from new_orders o join unnest(h_order_no) with ordinality k(order_no, n)
        on k.order_no = o.order_no
    ), event as (
      insert into order_events (order_id, from_status, to_status, reason)
      select o.id, null, 'pending_payment', 'seats held' from numbered o order by o.n
    ), inserted as (
      insert into film_order_seats
        (order_id, show_id, seat_id, price_fen, discount_price_fen, hold_expires_at)
      select o.id, h_show[p.n], p.seat_id, p.price_fen, p.discount_price_fen, h_expires[p.n]
      from priced p join numbered o on o.n = p.n
      order by p.seat_id
      on conflict do nothing
      returning order_id, show_id, seat_id, state, price_fen, discount_price_fen, version
    ), answers as (
      select o.n, o.id, o.amount_fen,
             jsonb_agg(jsonb_build_object('seatId', i.seat_id, 'priceFen', i.price_fen,
                                          'discountPriceFen', i.discount_price_fen)
                       order by i.seat_id) as seats,
             seat_change_payload(i.show_id, max(i.version),
               json_agg(json_build_array(i.seat_id, i.state) order by i.seat_id))::jsonb
               as payload,
             count(*) as held
      from inserted i join numbered o on o.id = i.order_id
      group by o.n, o.id, o.amount_fen, i.show_id
    )
    select coalesce(sum(a.held), 0),
           coalesce(array_agg(a.n order by a.n), '{}'), coalesce(array_agg(a.id order by a.n), '{}'),
           coalesce(array_agg(a.amount_fen order by a.n), '{}'),
           coalesce(array_agg(a.seats order by a.n), '{}'),
           coalesce(array_agg(a.payload order by a.n), '{}')
      into v_count, a_n, a_order, a_amount, a_seats, a_payload
      from answers a;
    if v_count <> cardinality(w_seat) then
      raise exception 'a seat was taken or is not for sale' using errcode = 'MQFB3';
    end if;

    -- An answer per hold, in order, as hold_film_seats_each gives it.
    return query
    select k.n::int, a.order_id,
           case when h_won[k.n] then a.amount else 0 end,
           a.seats, h_labels[k.n],
           case when h_won[k.n] then h_expires[k.n] end,
           case when h_won[k.n] then
             coalesce((select jsonb_agg(c.payload order by c.pos)
                       from unnest(c_n, c_payload) with ordinality c(n, payload, pos)
                       where c.n = k.n), '[]'::jsonb) || jsonb_build_array(a.payload)
           else '[]'::jsonb end,
           null::text, null::text, null::text
    from generate_series(1, v_k) k(n)
    left join unnest(a_n, a_order, a_amount, a_seats, a_payload)
      a(n, order_id, amount, seats, payload) on a.n = k.n
    order by k.n;
  end $function$;
