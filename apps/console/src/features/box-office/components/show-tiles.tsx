import { Empty } from 'antd';
import { yuanToFen } from '@marquee/contracts';
import type { CounterShow } from '@marquee/contracts/console';
import { chinaClock } from '@/lib/china-time';
import { yuan } from '@/lib/money';
import { boxOfficeMessages } from '../box-office-messages';

/** Today's shows as large tiles a finger hits: time, film, hall, seats left. */
export function ShowTiles(props: { shows: CounterShow[]; onPick: (show: CounterShow) => void }) {
  const t = boxOfficeMessages.useMessages();
  if (props.shows.length === 0) {
    return <Empty description={t('noShows')} style={{ marginTop: 48 }} />;
  }
  return (
    <div
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
        gap: 12,
        alignContent: 'start',
        overflow: 'auto',
        minHeight: 0,
        paddingBottom: 8,
      }}
      data-testid="show-tiles"
    >
      {props.shows.map((show) => {
        const isFull = show.seatsLeft === 0;
        const isOpen = show.isSelling && !isFull;
        const fewLeft = show.seatsLeft > 0 && show.seatsLeft <= Math.max(5, show.seatsTotal / 10);
        return (
          <button
            key={show.showId}
            type="button"
            disabled={!isOpen}
            onClick={() => props.onPick(show)}
            data-testid="show-tile"
            data-show-id={show.showId}
            style={{
              textAlign: 'left',
              minHeight: 118,
              padding: '12px 14px',
              border: '1px solid #d9d9d9',
              borderLeft: `6px solid ${isOpen ? '#1677ff' : '#d9d9d9'}`,
              borderRadius: 10,
              background: isOpen ? '#fff' : '#fafafa',
              color: isOpen ? '#1f1f1f' : '#8c8c8c',
              cursor: isOpen ? 'pointer' : 'not-allowed',
              touchAction: 'manipulation',
              display: 'flex',
              flexDirection: 'column',
              gap: 4,
            }}
          >
            <span style={{ fontSize: 26, fontWeight: 700, lineHeight: 1.1 }}>
              {chinaClock(show.startAt)}
            </span>
            <span
              style={{
                fontSize: 17,
                fontWeight: 600,
                overflow: 'hidden',
                textOverflow: 'ellipsis',
                whiteSpace: 'nowrap',
              }}
            >
              {show.filmTitle}
            </span>
            <span style={{ fontSize: 14 }}>
              {show.hallName} · {show.language} {show.format}
            </span>
            <span
              style={{
                fontSize: 14,
                fontWeight: 600,
                color: !isOpen ? '#8c8c8c' : fewLeft ? '#d4380d' : '#389e0d',
              }}
            >
              {isFull
                ? t('soldOut')
                : !show.isSelling
                  ? t('notSelling')
                  : t('seatsLeft', { left: show.seatsLeft, total: show.seatsTotal })}
              <span style={{ float: 'right', fontWeight: 400, color: '#595959' }}>
                {t('fromPrice', { price: yuan(yuanToFen(show.fromPrice)) })}
              </span>
            </span>
          </button>
        );
      })}
    </div>
  );
}
