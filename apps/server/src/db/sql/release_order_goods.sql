CREATE OR REPLACE FUNCTION release_order_goods(p_order_id uuid)
 RETURNS integer
 LANGUAGE plpgsql
AS $function$
  declare
    v_line record;
    v_units int := 0;
  begin
    -- Lines move out of reserved/sold once; only what moved goes back, in variant-id order like
    -- every other writer of stock (decision 006).
    for v_line in
      with released as (
        update store_order_lines set state = 'released'
          where order_id = p_order_id and state in ('reserved', 'sold')
          returning variant_id, quantity
      )
      select variant_id, sum(quantity)::int as quantity from released
        group by variant_id order by variant_id
    loop
      update goods_variants set stock = stock + v_line.quantity where id = v_line.variant_id;
      v_units := v_units + v_line.quantity;
    end loop;
    return v_units;
  end $function$;
