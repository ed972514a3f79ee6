import { defineMigration } from '../define-migration.js';

/**
 * Seat holds in one statement, and seat changes announced (decision 002).
 *
 * `hold_film_seats` does the whole hold in one round trip: lock the user, give up the user's
 * previous unpaid order for the show, expire the orders whose expired holds sit on the wanted
 * seats, insert the order, its first event and its seats (`on conflict do nothing`: the partial
 * unique index `film_order_seats_active` still decides every race). When a seat was lost the
 * inner block is rolled back (the previous order comes back) and the lost seats' labels are
 * answered. Orders move only through `orders_status_transition` (it still checks every update)
 * and every move writes its `order_events` row, as `transitionOrder` does.
 *
 * Every change of a seat's state bumps the row's `version` (one sequence for all shows: no hot
 * row per show) and, at commit, `pg_notify('seat_changes_<schema>', {showId, version, seats})`
 * tells every server instance listening on this database.
 */
export default defineMigration([
  `create sequence film_order_seat_versions`,
  `alter table film_order_seats
    add column version bigint not null default nextval('film_order_seat_versions')`,
  `create index film_order_seats_show_version on film_order_seats (show_id, version)`,
  `create function film_order_seats_bump_version() returns trigger language plpgsql as $$
  begin
    if new.state is distinct from old.state then
      new.version := nextval('film_order_seat_versions');
    end if;
    return new;
  end $$`,
  `create trigger film_order_seats_version before update on film_order_seats
    for each row execute function film_order_seats_bump_version()`,
  // One notification per show per statement; a payload past NOTIFY's 8000-byte limit (a whole
  // hall released at once) goes without its seats, and listeners read the availability instead.
  `create function notify_seat_changes() returns trigger language plpgsql as $$
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
      perform pg_notify('seat_changes_' || current_schema(), payload);
    end loop;
    return null;
  end $$`,
  `create trigger film_order_seats_notify_insert after insert on film_order_seats
    referencing new table as changed for each statement execute function notify_seat_changes()`,
  `create trigger film_order_seats_notify_update after update on film_order_seats
    referencing new table as changed for each statement execute function notify_seat_changes()`,
  `create function hold_film_seats(
    p_site_id uuid,
    p_user_id uuid,
    p_show_id uuid,
    p_seat_ids uuid[],
    p_order_no text,
    p_now timestamptz,
    p_hold_expires_at timestamptz
  ) returns table (new_order_id uuid, total_fen int, held_seats jsonb, lost_labels jsonb)
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
  begin
    select s.hall_id, s.cinema_id, s.start_at into v_show
      from shows s where s.id = p_show_id and s.site_id = p_site_id;
    if not found then
      raise exception 'show % not found', p_show_id using errcode = 'MQ404';
    end if;
    if v_show.start_at <= p_now then
      raise exception 'show % has started', p_show_id using errcode = 'MQ410';
    end if;

    -- One user's holds run one after another: "one unpaid order per user per show" without a race.
    perform 1 from users u where u.id = p_user_id for update;

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
              p_hold_expires_at, p_now)
      returning id into v_order_id;
      insert into order_events (order_id, from_status, to_status, reason)
      values (v_order_id, null, 'pending_payment', 'seats held');

      -- Seat id order: two overlapping holds wait on each other in the same order (no deadlock).
      with inserted as (
        insert into film_order_seats
          (order_id, show_id, seat_id, price_fen, discount_price_fen, hold_expires_at)
        select v_order_id, p_show_id, st.id, sp.price_fen, sp.discount_price_fen, p_hold_expires_at
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
      return query
        select null::uuid, 0, null::jsonb,
               coalesce((select jsonb_agg(st.label order by st.y, st.x)
                         from seats st where st.id = any(v_lost)), '[]'::jsonb);
      return;
    end;
    return query select v_order_id, v_amount, v_seats, '[]'::jsonb;
  end $$`,
]);
