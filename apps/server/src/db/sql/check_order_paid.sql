CREATE OR REPLACE FUNCTION check_order_paid()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
  declare
    paid_fen bigint;
    card_fen bigint;
    attempts int;
    ledger_fen bigint;
    coupon_fen bigint;
    lines_fen bigint;
    seats_fen bigint;
    goods_paid_fen bigint;
    film_only_fen bigint;
    goods_only_fen bigint;
  begin
    if old.status = 'pending_payment' and new.status = 'paid' then
      select coalesce(sum(amount_fen), 0),
             coalesce(sum(amount_fen) filter (where method = 'card'), 0),
             count(distinct coalesce(attempt_id::text, id::text))
        into paid_fen, card_fen, attempts
        from payments where order_id = new.id and status = 'succeeded';
      if paid_fen <> new.amount_fen or attempts > 1 then
        raise exception 'order % is % fen but one attempt collected % fen (% attempts)',
          new.id, new.amount_fen, paid_fen, attempts using errcode = 'check_violation';
      end if;
      select coalesce(-sum(amount_fen), 0) into ledger_fen
        from card_ledger where order_id = new.id;
      if ledger_fen <> card_fen then
        raise exception 'order % card part is % fen but its cards are charged % fen',
          new.id, card_fen, ledger_fen using errcode = 'check_violation';
      end if;
      select coalesce(sum(discount_fen), 0) into coupon_fen
        from coupons where order_id = new.id and status = 'held';
      if coupon_fen <> new.discount_fen then
        raise exception 'order % takes % fen off but its coupon gives % fen',
          new.id, new.discount_fen, coupon_fen using errcode = 'check_violation';
      end if;
      if new.goods_fen > 0 then
        select coalesce(sum(amount_fen), 0) into lines_fen
          from store_order_lines where order_id = new.id and state in ('reserved', 'sold');
        select coalesce(sum(discount_price_fen), 0) into seats_fen
          from film_order_seats where order_id = new.id;
        if lines_fen <> new.goods_fen or new.amount_fen + new.discount_fen <> seats_fen + lines_fen then
          raise exception 'order % pays % + % fen off but its seats are % and its goods % fen',
            new.id, new.amount_fen, new.discount_fen, seats_fen, lines_fen
            using errcode = 'check_violation';
        end if;
        goods_paid_fen := new.goods_fen - new.goods_discount_fen;
        select coalesce(-sum(l.amount_fen) filter (where not (c.card_types && array['general', 'goods'])), 0),
               coalesce(-sum(l.amount_fen) filter (where not (c.card_types && array['general', 'film'])), 0)
          into film_only_fen, goods_only_fen
          from card_ledger l join cards c on c.id = l.card_id where l.order_id = new.id;
        if film_only_fen > new.amount_fen - goods_paid_fen or goods_only_fen > goods_paid_fen then
          raise exception 'order % cards pay % fen of tickets and % fen of goods beyond their part',
            new.id, film_only_fen, goods_only_fen using errcode = 'check_violation';
        end if;
      end if;
    end if;
    return new;
  end $function$;

CREATE OR REPLACE TRIGGER orders_paid_by_collected_money BEFORE UPDATE ON orders
  FOR EACH ROW
  WHEN (((old.status = 'pending_payment'::text) AND (new.status = 'paid'::text)))
  EXECUTE FUNCTION check_order_paid();
