CREATE OR REPLACE FUNCTION release_order_goods(p_order_id uuid)
 RETURNS integer
 LANGUAGE plpgsql
AS $function$
  declare
    v_line record;
    v_units int := 0;
  begin
    -- Lines move out of reserved/sold once; only what moved goes back, to the cinema it came
    -- from, in (variant, cinema) order like every other writer of stock (decision 050).
    for v_line in
      with released as (
        update store_order_lines set state = 'released'
          where order_id = p_order_id and state in ('reserved', 'sold')
          returning variant_id, cinema_id, quantity
      )
      select variant_id, cinema_id, sum(quantity)::int as quantity from released
        group by variant_id, cinema_id order by variant_id, cinema_id
    loop
      insert into goods_stock (variant_id, cinema_id, stock)
        values (v_line.variant_id, v_line.cinema_id, v_line.quantity)
        on conflict (variant_id, cinema_id) do update set stock = goods_stock.stock + excluded.stock;
      v_units := v_units + v_line.quantity;
    end loop;
    return v_units;
  end $function$;
