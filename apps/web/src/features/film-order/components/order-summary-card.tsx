import { formatYuan, seatName, yuanToFen, type FilmOrder } from '@marquee/contracts';
import { getLang } from '@/lib/i18n/i18n';
import { showStartLabel } from '@/lib/show-time';
import { filmOrderMessages } from '../film-order-messages';

/**
 * What a held order buys: film, time, cinema, hall, seats with their prices, the tickets' total
 * and the order number. First on the order page, and above the snack step so nothing bought is
 * out of sight while snacks are offered.
 */
export function OrderSummaryCard(props: { order: FilmOrder }) {
  const t = filmOrderMessages.useT();
  const { order } = props;
  return (
    <section
      className="order-confirm__card"
      aria-label={order.showInfo.filmTitle}
      data-testid="order-summary"
    >
      <div className="order-confirm__film">
        <img
          src={order.showInfo.posterUrl}
          alt=""
          width={60}
          height={84}
          className="order-confirm__poster"
        />
        <div className="order-confirm__film-text">
          <h2>{order.showInfo.filmTitle}</h2>
          <p>
            {showStartLabel(order.showInfo.startAt)} · {order.showInfo.language}{' '}
            {order.showInfo.format}
          </p>
          <p>{order.cinemaInfo.name}</p>
          <p>{order.showInfo.hallName}</p>
        </div>
      </div>
      <dl className="order-confirm__facts">
        <div>
          <dt>{t('seats')}</dt>
          <dd>
            <ul className="order-confirm__seats">
              {order.seats.map((seat) => (
                <li key={seat.id}>
                  <span>{seatName(seat.label, getLang())}</span>
                  <span>¥{formatYuan(yuanToFen(seat.discountPrice))}</span>
                </li>
              ))}
            </ul>
          </dd>
        </div>
        <div>
          <dt>{t('ticketsTotal')}</dt>
          <dd data-testid="tickets-total">¥{formatYuan(yuanToFen(order.total))}</dd>
        </div>
        <div>
          <dt>{t('orderNo')}</dt>
          <dd>{order.orderNo}</dd>
        </div>
      </dl>
    </section>
  );
}
