import { useEffect } from 'react';
import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { seatNames } from '@marquee/contracts';
import type { CheckInView } from '@marquee/contracts/console';
import { chinaClock, chinaDateTime } from '@/lib/china-time';
import { getLang } from '@/lib/i18n/i18n';
import { checkInMessages } from '../check-in-messages';

/** What the door shows after a scan: admitted (the used ticket) or refused (why). */
export type DoorResult =
  | { kind: 'admitted'; view: CheckInView }
  | { kind: 'refused'; reason: string; view: CheckInView | null };

/** An admitted screen clears itself after this long; a refusal stays until tapped or replaced. */
const ADMITTED_MS = 4_000;

const colors = { admitted: '#237804', refused: '#a8071a' } as const;

/**
 * The scan's result over the whole screen, readable at arm's length: green with the seats, or red
 * with the reason. The code input keeps the focus underneath, so the scanner's next code replaces
 * it; a tap dismisses it.
 */
export function DoorResultScreen(props: { result: DoorResult; onDismiss: () => void }) {
  const t = checkInMessages.useMessages();
  const { result, onDismiss } = props;
  const isAdmitted = result.kind === 'admitted';
  useEffect(() => {
    if (!isAdmitted) return;
    const timer = window.setTimeout(onDismiss, ADMITTED_MS);
    return () => window.clearTimeout(timer);
  }, [result, isAdmitted, onDismiss]);

  const view = result.view;
  const Icon = isAdmitted ? CheckCircleFilled : CloseCircleFilled;
  return (
    <div
      role="alert"
      data-testid="checkin-result"
      data-result={result.kind}
      // Keep the input's focus: a tap dismisses without taking it.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onDismiss}
      style={{
        position: 'fixed',
        inset: 0,
        zIndex: 1100,
        background: colors[result.kind],
        color: '#fff',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 12,
        padding: '24px 20px',
        textAlign: 'center',
        overflowY: 'auto',
      }}
    >
      <Icon style={{ fontSize: 88 }} />
      <div
        style={{ fontSize: 34, fontWeight: 700, lineHeight: 1.2 }}
        data-testid="checkin-headline"
      >
        {isAdmitted ? t('checkedIn') : t('refused')}
      </div>
      <div style={{ fontSize: 22, fontWeight: 600, lineHeight: 1.35 }} data-testid="checkin-reason">
        {result.kind === 'admitted'
          ? result.view.film
            ? t('enter')
            : t('handOver')
          : result.reason}
      </div>
      {view && <ViewFacts view={view} />}
      <div style={{ marginTop: 16, fontSize: 15, opacity: 0.85 }}>{t('tapToContinue')}</div>
    </div>
  );
}

/** The film, time, hall and seats (or the goods of a pickup), large. */
function ViewFacts(props: { view: CheckInView }) {
  const { view } = props;
  const box = {
    background: 'rgba(255,255,255,0.16)',
    borderRadius: 12,
    padding: '12px 16px',
    width: '100%',
    maxWidth: 420,
  } as const;
  if (view.film) {
    return (
      <div style={box} data-testid="checkin-facts">
        <div style={{ fontSize: 22, fontWeight: 600 }}>{view.film.filmTitle}</div>
        <div style={{ fontSize: 17, marginTop: 4 }}>
          {chinaDateTime(view.film.startAt)}–{chinaClock(view.film.endAt)} · {view.film.hallName}
        </div>
        <div style={{ fontSize: 28, fontWeight: 700, marginTop: 8, overflowWrap: 'anywhere' }}>
          {seatNames(view.film.seats, getLang())}
        </div>
      </div>
    );
  }
  if (view.store) {
    return (
      <div style={box} data-testid="checkin-facts">
        {view.store.items.map((item, index) => (
          <div key={index} style={{ fontSize: 20 }}>
            {item.goodsName}
            {item.goodsInfoName ? `（${item.goodsInfoName}）` : ''}{' '}
            <strong>×{item.quantity}</strong>
          </div>
        ))}
      </div>
    );
  }
  return null;
}
