import { defineMigration } from '../define-migration.js';

/**
 * Versions of a hall's seat layout (decision 016). A layout that shows sold seats in is
 * never changed underneath them: staff edits make a new version (`hall_layouts`), seats and price
 * areas belong to one version, and a show keeps the version it was scheduled with (`layout_id`).
 * The hall's current layout is its highest version.
 *
 * Every existing hall, seat, price area and show becomes version 1. Inserts that name no layout
 * (the demo data, an older release during a rolling restart) get the hall's current one from a
 * trigger; a new hall gets its version 1 from a trigger too, so a hall always has a layout.
 * Composite foreign keys keep a seat's layout, area and hall together; triggers refuse prices of
 * another version's areas and holds of another version's seats.
 */
export default defineMigration([
  `create table hall_layouts (
    id uuid primary key default gen_random_uuid(),
    hall_id uuid not null references halls(id),
    version int not null check (version > 0),
    columns int not null check (columns > 0),
    row_count int not null check (row_count > 0),
    row_labels text[] not null default '{}',
    created_at timestamptz not null default now(),
    unique (hall_id, version),
    unique (id, hall_id)
  )`,
  `insert into hall_layouts (hall_id, version, columns, row_count, row_labels)
    select h.id, 1, h.columns, h.row_count,
      array(select coalesce((select min(s.row_label) from seats s where s.hall_id = h.id and s.y = g),
                            chr(65 + g))
            from generate_series(0, h.row_count - 1) g order by g)
    from halls h`,

  `alter table price_areas add column layout_id uuid`,
  `update price_areas set layout_id = (select l.id from hall_layouts l where l.hall_id = price_areas.hall_id)`,
  `alter table price_areas alter column layout_id set not null`,
  `alter table price_areas add constraint price_areas_layout
    foreign key (layout_id, hall_id) references hall_layouts (id, hall_id)`,
  `alter table price_areas drop constraint price_areas_hall_id_code_key`,
  `alter table price_areas add constraint price_areas_layout_code unique (layout_id, code)`,
  `alter table price_areas add constraint price_areas_id_layout unique (id, layout_id)`,

  `alter table seats add column layout_id uuid`,
  `update seats set layout_id = (select l.id from hall_layouts l where l.hall_id = seats.hall_id)`,
  `alter table seats alter column layout_id set not null`,
  `alter table seats add constraint seats_layout
    foreign key (layout_id, hall_id) references hall_layouts (id, hall_id)`,
  `alter table seats add constraint seats_area_of_layout
    foreign key (area_id, layout_id) references price_areas (id, layout_id)`,
  `alter table seats drop constraint seats_hall_id_x_y_key`,
  `alter table seats drop constraint seats_hall_id_label_key`,
  `alter table seats add constraint seats_layout_xy unique (layout_id, x, y)`,
  `alter table seats add constraint seats_layout_label unique (layout_id, label)`,

  `alter table shows add column layout_id uuid`,
  `update shows set layout_id = (select l.id from hall_layouts l where l.hall_id = shows.hall_id)`,
  `alter table shows alter column layout_id set not null`,
  `alter table shows add constraint shows_layout
    foreign key (layout_id, hall_id) references hall_layouts (id, hall_id)`,
  `create index shows_layout on shows (layout_id)`,

  `create function hall_current_layout(p_hall_id uuid) returns uuid language sql stable as $$
    select id from hall_layouts where hall_id = p_hall_id order by version desc limit 1
  $$`,
  `create function halls_first_layout() returns trigger language plpgsql as $$
  begin
    insert into hall_layouts (hall_id, version, columns, row_count)
    values (new.id, 1, new.columns, new.row_count);
    return new;
  end $$`,
  `create trigger halls_first_layout after insert on halls
    for each row execute function halls_first_layout()`,
  `create function fill_current_layout() returns trigger language plpgsql as $$
  begin
    if new.layout_id is null then
      new.layout_id := hall_current_layout(new.hall_id);
    end if;
    return new;
  end $$`,
  `create trigger price_areas_fill_layout before insert on price_areas
    for each row execute function fill_current_layout()`,
  `create trigger seats_fill_layout before insert on seats
    for each row execute function fill_current_layout()`,
  `create trigger shows_fill_layout before insert on shows
    for each row execute function fill_current_layout()`,

  `create function show_prices_area_of_layout() returns trigger language plpgsql as $$
  begin
    perform 1 from shows sh join price_areas pa on pa.layout_id = sh.layout_id
    where sh.id = new.show_id and pa.id = new.area_id;
    if not found then
      raise exception 'price area % is not of the layout of show %', new.area_id, new.show_id
        using errcode = 'check_violation';
    end if;
    return new;
  end $$`,
  `create trigger show_prices_area_of_layout before insert or update on show_prices
    for each row execute function show_prices_area_of_layout()`,
  `create function film_order_seats_seat_of_layout() returns trigger language plpgsql as $$
  begin
    perform 1 from shows sh join seats st on st.layout_id = sh.layout_id
    where sh.id = new.show_id and st.id = new.seat_id;
    if not found then
      raise exception 'seat % is not of the layout of show %', new.seat_id, new.show_id
        using errcode = 'check_violation';
    end if;
    return new;
  end $$`,
  `create trigger film_order_seats_seat_of_layout before insert on film_order_seats
    for each row execute function film_order_seats_seat_of_layout()`,
]);
