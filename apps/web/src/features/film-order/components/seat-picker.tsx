import { useCallback, useEffect, useMemo, useState } from 'react';
import { Toast } from '@/lib/antd-mobile-imperative';
import { RightOutline } from 'antd-mobile-icons';
import { Link, useNavigate } from 'react-router';
import {
  bestSeats,
  checkSeatSelection,
  exchangePriceChange,
  formatYuan,
  yuanToFen,
  ErrorCode,
  filmOrderTotal,
  seatName,
  seatNames,
  takenSeatIdsOf,
  type FilmOrderSeat,
  type Seat,
  type SeatRuleViolation,
} from '@marquee/contracts';
import { EmptyState } from '@/components/ui/empty-state';
import { FailureBlock } from '@/components/ui/failure-block';
import { isApiError } from '@/lib/api/api-error';
import { useCareMode } from '@/lib/care-mode';
import { commonMessages } from '@/lib/i18n/common-messages';
import { getLang } from '@/lib/i18n/i18n';
import { showStartLabel } from '@/lib/show-time';
import { useCreateFilmOrder } from '../api/create-film-order';
import { usePendingFilmOrder } from '../api/get-pending-film-order';
import { useShowSeats } from '../api/get-show-seats';
import { filmOrderMessages } from '../film-order-messages';
import { useLiveSeats } from '../hooks/use-live-seats';
import { ChosenSeatsBar } from './chosen-seats-bar';
import { SeatLegend } from './seat-legend';
import { SeatMap } from './seat-map';
import { SeatMapPlaceholder, SeatPickerSkeleton } from './seat-picker-skeleton';
import {
  companionToOffer,
  countSeats,
  indexSeats,
  lostSeats,
  seatPrice,
  seatViewOf,
  toggleSeat,
} from './seat-map-model';
import { bestSeatsReason } from '../best-seats-reason';
import { seatChoiceMessages } from '../seat-choice-messages';
import { seatMapMessages } from '../seat-map-messages';
import { exchangeSeatMessages } from '../exchange-seat-messages';
import { SeatList } from './seat-list';
import { SeatsLeft } from './seats-left';
import { SeatTools, type SeatViewMode } from './seat-tools';
import { WheelchairSheet } from './wheelchair-sheet';
import './seat-picker.css';
import { paths } from '@/lib/paths';

const hintOf = (violation: SeatRuleViolation | undefined): string | null =>
  violation ? violation.hint[getLang()] : null;

/**
 * /cinema/seat: the show's seat map, the seat rules explained, and the hold. With `onChosen`
 * (a ticket exchange, 改签) the confirmed seats go to it instead of a new hold; its refusals
 * (ApiError) are explained as a hold's are.
 */
export function SeatPicker(props: {
  showId: string;
  onChosen?: (seats: FilmOrderSeat[]) => Promise<void>;
  /** An exchange: the order's seat count, and its seats' and paid amounts (fen) for the difference. */
  exchange?: { seatCount: number; fromSeatsFen: number; paidFen: number };
}) {
  const t = filmOrderMessages.useT();
  const choice = seatChoiceMessages.useT();
  const bestT = seatMapMessages.useT();
  const exchangeT = exchangeSeatMessages.useT();
  const common = commonMessages.useT();
  const navigate = useNavigate();
  const isLive = useLiveSeats(props.showId);
  const seatsQuery = useShowSeats(props.showId, { isLive });
  const pending = usePendingFilmOrder(props.showId);
  const createOrder = useCreateFilmOrder();
  const data = seatsQuery.data;
  const [chosen, setChosen] = useState<string[]>([]);
  const [hint, setHint] = useState<string | null>(null);
  /** Why 推荐选座 picked, shown while its hint is the one shown. */
  const [whyOf, setWhyOf] = useState<{ hint: string; why: string } | null>(null);
  const isCare = useCareMode();
  // Care mode opens on the list, 推荐选座 above it (decision 028); the map is one tap away. Until
  // the moviegoer picks a view it follows care mode, which may be learnt after the first render
  // (a landing page shows before the user info arrives, decision 033).
  const [pickedMode, setMode] = useState<SeatViewMode | null>(null);
  const mode: SeatViewMode = pickedMode ?? (isCare ? 'list' : 'map');
  /** Seats to bring into view on the map (picked by 推荐选座); a new array each time. */
  const [revealIds, setRevealIds] = useState<readonly string[]>([]);
  /** What the last change of the choice was, for screen readers (aria-live). */
  const [announcement, setAnnouncement] = useState('');
  /** A message that also pops up as a toast once (a new object each time it should). */
  const [notice, setNotice] = useState<{ message: string } | null>(null);
  const byId = useMemo(() => indexSeats(data?.rows ?? []), [data]);
  /** Seats left, from the same live availability the map draws. */
  const counts = useMemo(() => countSeats(data?.rows ?? []), [data]);
  /** Seats the user's own unpaid order holds (by label): drawn as theirs, not as another's lock. */
  const pendingSeats = pending.data?.order?.seats;
  const mine = useMemo(
    () => new Set((pendingSeats ?? []).map((seat) => seat.label)),
    [pendingSeats],
  );
  // While our own hold is on its way (and after it, until the page is left) the map shows our
  // seats as held: that is not someone else taking them.
  const isHolding = createOrder.isPending || createOrder.isSuccess;

  // Fresh availability: a chosen seat someone else took meanwhile leaves the choice, with a word.
  // Adjusted while rendering the new map (React's "storing information from previous renders").
  const [seenById, setSeenById] = useState(byId);
  if (seenById !== byId) {
    setSeenById(byId);
    const lost = isHolding ? [] : lostSeats(byId, chosen);
    if (lost.length > 0) {
      const lostIds = new Set(lost.map((seat) => seat.id));
      setChosen(chosen.filter((id) => !lostIds.has(id)));
      const message = t('seatTakenMeanwhile', {
        seats: seatNames(
          lost.map((seat) => seat.label),
          getLang(),
        ),
      });
      setHint(message);
      setNotice({ message });
    }
  }
  useEffect(() => {
    if (notice) Toast.show({ content: notice.message });
  }, [notice]);

  // The show's header (the page's largest text) paints first, the hall's seats in the task after
  // it: one long task of hundreds of seats would hold the first paint back.
  const hasData = data !== undefined;
  const [areSeatsDue, setSeatsDue] = useState(false);
  useEffect(() => {
    if (!hasData || areSeatsDue) return;
    const timer = setTimeout(() => setSeatsDue(true), 0);
    return () => clearTimeout(timer);
  }, [hasData, areSeatsDue]);

  const choose = useCallback(
    (seat: Seat, companion: Seat | undefined) => {
      if (!data) return;
      const toggled = toggleSeat(data.rows, chosen, seat);
      const withCompanion = companion ? [...toggled, companion.id] : toggled;
      // The companion seat comes along only while it fits in the order.
      const next = withCompanion.length <= data.maxSeatsPerOrder ? withCompanion : toggled;
      if (next.length > data.maxSeatsPerOrder) {
        const check = checkSeatSelection(data, [], next, data.maxSeatsPerOrder);
        const tooMany = check.ok
          ? undefined
          : check.violations.find((v) => v.code === 'TOO_MANY_SEATS');
        Toast.show({
          content: hintOf(tooMany) ?? t('maxSeatsHint', { max: data.maxSeatsPerOrder }),
        });
        return;
      }
      setChosen(next);
      const isAdded = next.includes(seat.id);
      const hasCompanion = companion !== undefined && next.includes(companion.id);
      setHint(
        hasCompanion
          ? choice('companionAdded', { seat: seatName(companion.label, getLang()) })
          : null,
      );
      setAnnouncement(
        [
          choice(isAdded ? 'announceChosen' : 'announceRemoved', {
            seat: seatName(seat.label, getLang()),
          }),
          hasCompanion
            ? choice('companionAdded', { seat: seatName(companion.label, getLang()) })
            : '',
        ].join(' '),
      );
    },
    [data, chosen, t, choice],
  );
  const [askedWheelchair, setAskedWheelchair] = useState<Seat | null>(null);

  const onSeat = useCallback(
    (seat: Seat) => {
      if (!data) return;
      const view = seatViewOf(seat, false, mine.has(seat.label));
      if (view === 'mine') {
        Toast.show({ content: choice('mineTapped', { seat: seatName(seat.label, getLang()) }) });
        return;
      }
      if (view === 'taken' || view === 'unavailable') {
        Toast.show({ content: view === 'taken' ? t('takenTapped') : t('unavailableTapped') });
        return;
      }
      // A free wheelchair space is explained first; the sheet chooses it (with its companion).
      if (seat.kind === 'wheelchair' && !chosen.includes(seat.id)) {
        setAskedWheelchair(seat);
        return;
      }
      choose(seat, companionToOffer(data.rows, chosen, seat));
    },
    [data, chosen, mine, t, choice, choose],
  );

  const onBest = useCallback(
    (count: number) => {
      if (!data) return;
      const result = bestSeats(data, count);
      if (result.kind === 'none') {
        const message = choice('bestSeatsNone', { count });
        setHint(message);
        setAnnouncement(message);
        Toast.show({ content: message });
        return;
      }
      const labels = seatNames(
        result.seatIds.map((id) => byId.get(id)?.label ?? id),
        getLang(),
      );
      const picked = result.seatIds.flatMap((id) => byId.get(id) ?? []);
      const reason = bestSeatsReason(data, picked, count);
      const message =
        result.kind === 'row'
          ? choice('bestSeatsPicked', { seats: labels })
          : choice('bestSeatsSplit', { count, seats: labels });
      const why =
        result.kind === 'row'
          ? bestT(reason.kind === 'spot' ? 'reasonSpot' : 'reasonAreaFull', {
              count,
              area: reason.kind === 'areaFull' ? reason.area : '',
            })
          : null;
      setWhyOf(why ? { hint: message, why } : null);
      setChosen(result.seatIds);
      setRevealIds(result.seatIds);
      setHint(message);
      setAnnouncement(why ? `${message} ${why}` : message);
    },
    [data, byId, choice, bestT],
  );

  if (!props.showId) {
    return (
      <EmptyState
        title={t('noShow')}
        description={t('noShowHint')}
        action={
          <Link to={paths.homeIndex()} className="button button--primary">
            {t('pickShow')}
          </Link>
        }
      />
    );
  }
  if (seatsQuery.isPending) return <SeatPickerSkeleton />;
  if (!data && isApiError(seatsQuery.error) && seatsQuery.error.code === ErrorCode.NOT_FOUND) {
    return (
      <EmptyState
        title={t('showNotFound')}
        description={seatsQuery.error.message}
        action={
          <Link to={paths.homeIndex()} className="button button--primary">
            {t('pickShow')}
          </Link>
        }
      />
    );
  }
  if (!data) {
    return (
      <FailureBlock
        title={common('somethingWrong')}
        message={seatsQuery.error?.message ?? ''}
        onRetry={() => void seatsQuery.refetch()}
      />
    );
  }

  const seats: FilmOrderSeat[] = chosen.flatMap((id) => {
    const seat = byId.get(id);
    if (!seat) return [];
    return [{ id, label: seat.label, areaId: seat.areaId, ...seatPrice(data.priceAreas, seat) }];
  });
  const total = filmOrderTotal({ cinemaInfo: data.cinemaInfo, showInfo: data.showInfo, seats });

  const confirm = async () => {
    const check = checkSeatSelection(data, takenSeatIdsOf(data), chosen, data.maxSeatsPerOrder);
    if (!check.ok) {
      const message = hintOf(check.violations[0]);
      setHint(message);
      if (message) Toast.show({ content: message });
      return;
    }
    try {
      if (props.onChosen) {
        // The exchange asks first and goes on by itself once done.
        await props.onChosen(seats);
        return;
      }
      await createOrder.mutateAsync({
        cinemaInfo: data.cinemaInfo,
        showInfo: data.showInfo,
        seats,
      });
    } catch (error) {
      if (!isApiError(error)) {
        setHint(error instanceof Error ? error.message : String(error));
        return;
      }
      const details = (error.data ?? {}) as { seats?: string[]; violations?: SeatRuleViolation[] };
      if (error.code === ErrorCode.SEAT_RULE_VIOLATION) {
        setHint(hintOf(details.violations?.[0]) ?? error.message);
      } else {
        setHint(error.message);
      }
      Toast.show({ content: error.message });
      if (error.code === ErrorCode.SEAT_UNAVAILABLE) {
        const taken = new Set(details.seats ?? []);
        setChosen((current) => current.filter((id) => !taken.has(byId.get(id)?.label ?? '')));
        void seatsQuery.refetch();
      }
      return;
    }
    // Held: on to /cinema/order (spec §4); the mutation stays successful, so the button stays busy.
    // A fresh hold opens there on the snack step (decision 029).
    navigate(paths.cinemaOrder(props.showId), { state: { isNewHold: true } });
  };

  const { showInfo, cinemaInfo } = data;
  return (
    <div className="seat-picker">
      <header className="seat-picker__show">
        <div className="seat-picker__title-line">
          <h2 className="seat-picker__film">{showInfo.filmTitle}</h2>
          <SeatsLeft available={counts.available} total={counts.total} />
        </div>
        <p className="seat-picker__meta">
          {showStartLabel(showInfo.startAt)} · {showInfo.language} {showInfo.format} ·{' '}
          {cinemaInfo.name} {showInfo.hallName}
        </p>
      </header>
      {pending.data?.order && !props.onChosen && (
        <Link to={paths.cinemaOrder(props.showId)} className="seat-picker__pending">
          <span>{t('pendingOrderBanner')}</span>
          <span className="seat-picker__pending-go">
            {t('pendingOrderGo')} <RightOutline aria-hidden />
          </span>
        </Link>
      )}
      <SeatTools maxSeats={data.maxSeatsPerOrder} mode={mode} onBest={onBest} onMode={setMode} />
      {!areSeatsDue ? (
        <SeatMapPlaceholder />
      ) : mode === 'map' ? (
        <SeatMap
          hallName={showInfo.hallName}
          data={data}
          chosen={chosen}
          mine={mine}
          revealIds={revealIds}
          onSeat={onSeat}
        />
      ) : (
        <SeatList
          hallName={t('mapLabel', { hall: showInfo.hallName })}
          rows={data.rows}
          areas={data.priceAreas}
          chosen={chosen}
          mine={mine}
          onSeat={onSeat}
        />
      )}
      <WheelchairSheet
        rows={data.rows}
        chosen={chosen}
        seat={askedWheelchair}
        onChoose={(seat, companion) => {
          setAskedWheelchair(null);
          choose(seat, companion);
        }}
        onClose={() => setAskedWheelchair(null)}
      />
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      {/* The list says each seat's state in words: care mode leaves out the colour key there. */}
      {!(isCare && mode === 'list') && (
        <SeatLegend priceAreas={data.priceAreas} rows={data.rows} hasMine={mine.size > 0} />
      )}
      <ChosenSeatsBar
        seats={seats}
        total={total}
        maxSeats={data.maxSeatsPerOrder}
        hint={hint}
        emptyText={
          props.exchange ? exchangeT('pickCount', { count: props.exchange.seatCount }) : undefined
        }
        note={props.exchange ? exchangeNote(props.exchange, seats, exchangeT) : null}
        hintWhy={whyOf && whyOf.hint === hint ? whyOf.why : null}
        isBusy={isHolding}
        onRemove={(id) => {
          const seat = byId.get(id);
          if (seat) setChosen(toggleSeat(data.rows, chosen, seat));
          if (seat)
            setAnnouncement(choice('announceRemoved', { seat: seatName(seat.label, getLang()) }));
          setHint(null);
        }}
        onConfirm={() => void confirm()}
      />
    </div>
  );
}

/** An exchange's difference for the seats chosen so far, said as the bar's note. */
function exchangeNote(
  exchange: { fromSeatsFen: number; paidFen: number },
  seats: readonly FilmOrderSeat[],
  t: ReturnType<typeof exchangeSeatMessages.useT>,
): string {
  const toSeatsFen = seats.reduce((sum, seat) => sum + yuanToFen(seat.discountPrice), 0);
  const change = exchangePriceChange({ ...exchange, toSeatsFen });
  if (change.extraFen > 0) return t('extra', { amount: formatYuan(change.extraFen) });
  if (change.refundFen > 0) return t('refund', { amount: formatYuan(change.refundFen) });
  return t('same');
}
