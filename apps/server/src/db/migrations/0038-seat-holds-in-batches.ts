import { defineMigration } from '../define-migration.js';

/**
 * Seat holds that arrive together go to PostgreSQL as one statement (decision 037).
 *
 * `hold_film_seats_many(holds jsonb)` runs `hold_film_seats` (0037, unchanged) for each element of
 * a JSON array, in order, each in a subtransaction of its own (a `begin … exception` block): one
 * hold's error (MQ404/MQ410/MQ411, the insert check's 23514 "not on sale", a deadlock, anything
 * plpgsql can catch) undoes that hold only and is answered in its row (sqlstate, message,
 * constraint) while the others go on and commit with the statement. A lost hold is answered as
 * `hold_film_seats` answers it (its lost seats' labels). One row per element, `n` its position
 * (from 1). The unique index on active seats still decides every race, between the holds of one
 * statement as between statements: a later hold of the batch sees the earlier ones' seats.
 *
 * What cannot be caught (a cancelled statement, a lost connection) fails the whole statement:
 * nothing of it commits.
 *
 * Every hold but the first waits at most 5 ms for a lock (`lock_timeout`, local to the
 * transaction), and is answered 55P03 if it would wait longer: by then the statement holds its
 * earlier holds' locks until its commit, and waiting on another transaction that waits for one of
 * them would be a deadlock found only after a second (`deadlock_timeout`). The server sends such a
 * hold again first in its next statement (hold-batcher.ts), where it waits as long as it takes, as
 * a hold of its own always did. The first hold holds no lock of another hold of the statement:
 * holds of different statements that wait on each other's seats lock them in seat order and do
 * not deadlock (decision 002).
 *
 * Each element is `{siteId, userId, showId, seatIds, orderNo, now, holdExpiresAt}`, `seatIds` an
 * array literal (`{id,id}`: the ids are checked uuids) and the times ISO strings.
 */
export default defineMigration([
  `create function hold_film_seats_many(p_holds jsonb)
    returns table (n int, new_order_id uuid, total_fen int, held_seats jsonb, lost_labels jsonb,
                   hold_deadline_at timestamptz, seat_changes jsonb,
                   error_code text, error_message text, error_constraint text)
    language plpgsql
    -- Its one statement, the call of each hold, planned once per connection.
    set plan_cache_mode = force_generic_plan
    as $$
  declare
    v_hold jsonb;
    v_row record;
  begin
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
        select * into strict v_row from hold_film_seats(
          (v_hold->>'siteId')::uuid, (v_hold->>'userId')::uuid, (v_hold->>'showId')::uuid,
          (v_hold->>'seatIds')::uuid[], v_hold->>'orderNo', (v_hold->>'now')::timestamptz,
          (v_hold->>'holdExpiresAt')::timestamptz) h;
        new_order_id := v_row.new_order_id;
        total_fen := v_row.total_fen;
        held_seats := v_row.held_seats;
        lost_labels := v_row.lost_labels;
        hold_deadline_at := v_row.hold_deadline_at;
        seat_changes := v_row.seat_changes;
      exception when others then
        -- This hold's writes are undone; the holds before it keep theirs.
        get stacked diagnostics error_code = returned_sqlstate, error_message = message_text,
                                error_constraint = constraint_name;
      end;
      return next;
    end loop;
  end $$`,
]);
