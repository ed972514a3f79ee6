import { describe, expect, it } from 'vitest';
import type { HoldRequest, HoldResult } from './seat-holds.repository.js';
import { createHoldBatcher, HoldError, type RunHolds } from './hold-batcher.js';

/** A fake database: each statement waits until the test ends it, answering what `answer` says. */
function fakeStatements(
  answer: (hold: HoldRequest, index: number) => Awaited<ReturnType<RunHolds>>[number] = (hold) => ({
    ok: true,
    result: won(hold),
  }),
) {
  const statements: { holds: readonly HoldRequest[]; end(): void; fail(error: unknown): void }[] =
    [];
  const run: RunHolds = (holds) =>
    new Promise((resolve, reject) => {
      statements.push({
        holds,
        end: () => resolve(holds.map(answer)),
        fail: reject,
      });
    });
  return { run, statements };
}

function won(hold: HoldRequest): HoldResult {
  return {
    orderId: `order-of-${hold.orderNo}`,
    orderNo: hold.orderNo,
    amountFen: 100,
    seats: hold.seatIds.map((seatId) => ({ seatId, priceFen: 50, discountPriceFen: 50 })),
    holdExpiresAt: hold.holdExpiresAt,
    lostLabels: null,
    seatChanges: [],
  };
}

const seatsOf = (answer: HoldResult) =>
  answer.orderId === null ? [] : answer.seats.map((seat) => seat.seatId);

let orderNo = 0;
function request(userId: string, seatIds: string[], showId = 'show-1'): HoldRequest {
  orderNo += 1;
  return {
    siteId: 'site',
    userId,
    showId,
    seatIds,
    orderNo: String(orderNo),
    now: new Date(0),
    holdExpiresAt: new Date(900_000),
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('seat holds batched while a hold statement runs', () => {
  it('sends a lone hold at once, with no timer', () => {
    const { run, statements } = fakeStatements();
    const batcher = createHoldBatcher(run);
    void batcher.hold(request('u1', ['a']));
    expect(statements.map((statement) => statement.holds.length)).toEqual([1]);
  });

  it('sends the holds that arrived meanwhile as one statement and answers each its own', async () => {
    const { run, statements } = fakeStatements();
    const sizes: number[] = [];
    const batcher = createHoldBatcher(run, { onBatch: (size) => sizes.push(size) });
    const first = batcher.hold(request('u1', ['a']));
    const later = ['b', 'c', 'd', 'e'].map((seat, index) =>
      batcher.hold(request(`u${index + 2}`, [seat])),
    );
    expect(statements).toHaveLength(1);
    statements[0]!.end();
    await first;
    expect(sizes).toEqual([1, 4]);
    expect(statements[1]!.holds.map((hold) => hold.seatIds[0])).toEqual(['b', 'c', 'd', 'e']);
    statements[1]!.end();
    const answers = await Promise.all(later);
    expect(answers.map((answer) => (answer.orderId === null ? null : answer.orderNo))).toEqual(
      statements[1]!.holds.map((hold) => hold.orderNo),
    );
    expect(answers.map((answer) => seatsOf(answer)[0])).toEqual(['b', 'c', 'd', 'e']);
  });

  it("fails only the hold PostgreSQL refused, with that hold's own code and constraint", async () => {
    const { run, statements } = fakeStatements((hold) =>
      hold.userId === 'clash'
        ? {
            ok: false,
            failure: {
              code: '23505',
              message: 'duplicate key value violates unique constraint "orders_order_no_key"',
              constraint: 'orders_order_no_key',
            },
          }
        : hold.userId === 'late'
          ? { ok: false, failure: { code: 'MQ410', message: 'has started', constraint: null } }
          : { ok: true, result: won(hold) },
    );
    const batcher = createHoldBatcher(run);
    const first = batcher.hold(request('u1', ['a']));
    const ok = batcher.hold(request('u2', ['b']));
    const clash = batcher.hold(request('clash', ['c']));
    const late = batcher.hold(request('late', ['d']));
    statements[0]!.end();
    await first;
    statements[1]!.end();
    await expect(ok).resolves.toMatchObject({ seats: [{ seatId: 'b' }] });
    const clashError = await clash.catch((error: unknown) => error);
    expect(clashError).toBeInstanceOf(HoldError);
    expect(clashError).toMatchObject({ code: '23505', constraint: 'orders_order_no_key' });
    await expect(late).rejects.toMatchObject({ code: 'MQ410', constraint: undefined });
  });

  it('fails every hold of a statement that failed as a whole, and goes on with the next', async () => {
    const { run, statements } = fakeStatements();
    const batcher = createHoldBatcher(run);
    const first = batcher.hold(request('u1', ['a']));
    const batch = [batcher.hold(request('u2', ['b'])), batcher.hold(request('u3', ['c']))];
    statements[0]!.end();
    await first;
    const lost = Object.assign(new Error('Connection terminated unexpectedly'), {
      code: undefined,
    });
    statements[1]!.fail(lost);
    for (const hold of batch) await expect(hold).rejects.toBe(lost);
    const after = batcher.hold(request('u4', ['d']));
    expect(statements).toHaveLength(3);
    statements[2]!.end();
    await expect(after).resolves.toMatchObject({ seats: [{ seatId: 'd' }] });
  });

  it('puts at most maxBatch holds in one statement, in the order they came', async () => {
    const { run, statements } = fakeStatements();
    const sizes: number[] = [];
    const batcher = createHoldBatcher(run, { maxBatch: 3, onBatch: (size) => sizes.push(size) });
    const holds = Array.from({ length: 8 }, (_, index) =>
      batcher.hold(request(`u${index}`, [`s${index}`])),
    );
    for (let i = 0; i < 4; i += 1) {
      statements[i]!.end();
      await tick();
    }
    await Promise.all(holds);
    expect(sizes).toEqual([1, 3, 3, 1]);
    expect(statements.flatMap((statement) => statement.holds.map((hold) => hold.userId))).toEqual(
      Array.from({ length: 8 }, (_, index) => `u${index}`),
    );
  });

  it('keeps two holds of one user in one statement, in the order they came', async () => {
    const { run, statements } = fakeStatements();
    const batcher = createHoldBatcher(run);
    const first = batcher.hold(request('u0', ['z']));
    const mine = [batcher.hold(request('me', ['a', 'b'])), batcher.hold(request('me', ['c']))];
    statements[0]!.end();
    await first;
    expect(statements[1]!.holds.map((hold) => hold.seatIds)).toEqual([['a', 'b'], ['c']]);
    statements[1]!.end();
    await Promise.all(mine);
  });

  it('never runs holds of one seat or one user in two statements at once', async () => {
    const { run, statements } = fakeStatements();
    const batcher = createHoldBatcher(run, { maxInFlight: 2, splitAt: 1 });
    const a = batcher.hold(request('u1', ['x', 'y']));
    // Room for a second statement, but its seat y is in the first: it waits.
    const b = batcher.hold(request('u2', ['y']));
    // A third with nothing in flight goes at once; a fourth of the first's user waits.
    const c = batcher.hold(request('u3', ['q']));
    const d = batcher.hold(request('u1', ['r']));
    // Behind the waiting b (seat y), in the order they came, though y itself is not in flight.
    const e = batcher.hold(request('u4', ['y', 's']));
    expect(statements.map((statement) => statement.holds.map((hold) => hold.userId))).toEqual([
      ['u1'],
      ['u3'],
    ]);
    statements[0]!.end();
    await a;
    expect(statements[2]!.holds.map((hold) => hold.userId)).toEqual(['u2', 'u1', 'u4']);
    statements[1]!.end();
    statements[2]!.end();
    await Promise.all([b, c, d, e]);
  });

  it('starts a second statement beside a running one only once splitAt holds wait', async () => {
    const { run, statements } = fakeStatements();
    const batcher = createHoldBatcher(run, { maxInFlight: 2, splitAt: 3 });
    const users = () => statements.map((statement) => statement.holds.map((hold) => hold.userId));
    const first = batcher.hold(request('u1', ['a']));
    const next = [batcher.hold(request('u2', ['b'])), batcher.hold(request('u3', ['c']))];
    // Two wait: fewer than splitAt, so they wait for the running statement.
    expect(users()).toEqual([['u1']]);
    next.push(batcher.hold(request('u4', ['d'])));
    expect(users()).toEqual([['u1'], ['u2', 'u3', 'u4']]);
    // One comes while both run, and one more after the first ended: the second still runs, so
    // they wait for it, and go together when it ends.
    const late = [batcher.hold(request('u5', ['e']))];
    statements[0]!.end();
    await first;
    late.push(batcher.hold(request('u6', ['f'])));
    expect(users()).toHaveLength(2);
    statements[1]!.end();
    await Promise.all(next);
    expect(users()[2]).toEqual(['u5', 'u6']);
    statements[2]!.end();
    await Promise.all(late);
  });

  it('sends a hold that would have waited for a lock behind earlier ones again, first', async () => {
    const lockTimeout = { code: '55P03', message: 'lock timeout', constraint: null };
    const { run, statements } = fakeStatements((hold, index) =>
      (hold.userId === 'behind' && index > 0) || hold.userId === 'stuck'
        ? { ok: false, failure: lockTimeout }
        : { ok: true, result: won(hold) },
    );
    const batcher = createHoldBatcher(run);
    const first = batcher.hold(request('u1', ['a']));
    const batch = [
      batcher.hold(request('u2', ['b'])),
      batcher.hold(request('behind', ['c'])),
      batcher.hold(request('u3', ['d'])),
    ];
    statements[0]!.end();
    await first;
    const later = batcher.hold(request('u4', ['e']));
    statements[1]!.end();
    await tick();
    expect(statements[2]!.holds.map((hold) => hold.userId)).toEqual(['behind', 'u4']);
    statements[2]!.end();
    const answers = await Promise.all([...batch, later]);
    expect(answers.map((answer) => seatsOf(answer)[0])).toEqual(['b', 'c', 'd', 'e']);
    // First in its statement, the hold waited as long as its session allows: its error is its own.
    const stuck = batcher.hold(request('stuck', ['f']));
    statements[3]!.end();
    await expect(stuck).rejects.toMatchObject({ code: '55P03' });
  });

  it('drains: resolves once every hold sent has been answered', async () => {
    const { run, statements } = fakeStatements();
    const batcher = createHoldBatcher(run);
    await batcher.drain();
    const hold = batcher.hold(request('u1', ['a']));
    let drained = false;
    const draining = batcher.drain().then(() => (drained = true));
    await tick();
    expect(drained).toBe(false);
    statements[0]!.end();
    await hold;
    await draining;
    expect(drained).toBe(true);
  });

  it('sends the next statement before the callers of the one that returned go on', async () => {
    // The pool hands a statement its connection on the next tick; answered at once, the callers'
    // own work (views, JSON, gzip, socket writes) ran first and PostgreSQL waited for it.
    const events: string[] = [];
    const pending: (() => void)[] = [];
    const run: RunHolds = (holds) =>
      new Promise((resolve) => {
        process.nextTick(() => {
          events.push(`sent ${holds.map((hold) => hold.userId).join(',')}`);
          pending.push(() => resolve(holds.map((hold) => ({ ok: true, result: won(hold) }))));
        });
      });
    const batcher = createHoldBatcher(run);
    const first = batcher.hold(request('u1', ['a'])).then(() => events.push('u1 answered'));
    await tick();
    const second = batcher.hold(request('u2', ['b'])).then(() => events.push('u2 answered'));
    pending.shift()!();
    await first;
    pending.shift()!();
    await second;
    expect(events).toEqual(['sent u1', 'sent u2', 'u1 answered', 'u2 answered']);
  });
});
