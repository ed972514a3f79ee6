import { defineMigration } from '../define-migration.js';

/**
 * Holds end no later than the show, and one brand per site (decision 020).
 *
 * `sites.sales_close_minutes`: online sales of a show close this many minutes before it starts
 * (0, the default: at the start). `hold_film_seats` (0013, redefined here and only here) refuses a
 * hold once sales have closed (MQ411) and caps the hold, and so the order's pay deadline and
 * WeChat Pay's time_expire, at that moment; it answers the deadline it used.
 *
 * The brand the web app shows comes from the site row: `name` (full), `short_name` (titles,
 * header, share messages; null: `name`), `short_name_en` (English pages; null: `short_name`),
 * `logo_url` and `theme_color`. The demo site keeps today's brand.
 */
export default defineMigration([
  `alter table sites add column sales_close_minutes int not null default 0
    check (sales_close_minutes between 0 and 1440)`,
  `alter table sites add column short_name text check (char_length(short_name) between 1 and 32)`,
  `alter table sites add column short_name_en text
    check (char_length(short_name_en) between 1 and 64)`,
  `alter table sites add column logo_url text check (char_length(logo_url) between 1 and 2048)`,
  `alter table sites add column theme_color text not null default '#d0343a'
    check (theme_color ~ '^#[0-9a-f]{6}$')`,
  `update sites set short_name = '星幕影城', short_name_en = 'Marquee Cinemas'
    where code = 'www-test'`,
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
                  hold_deadline_at timestamptz)
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
      return query
        select null::uuid, 0, null::jsonb,
               coalesce((select jsonb_agg(st.label order by st.y, st.x)
                         from seats st where st.id = any(v_lost)), '[]'::jsonb),
               null::timestamptz;
      return;
    end;
    return query select v_order_id, v_amount, v_seats, '[]'::jsonb, v_expires_at;
  end $$`,
]);
