import {
  formatYuan,
  yuanToFen,
  type OrderSummary,
  orderKinds,
  type OrderKind,
} from '@marquee/contracts';
import { FileOutline } from 'antd-mobile-icons';
import { Link, useSearchParams } from 'react-router';
import { QueryView } from '@/components/ui/query-view';
import { showStartLabel } from '@/lib/show-time';
import { useOrderList } from '../api/get-order-list';
import { ordersMessages } from '../orders-messages';
import { cinemaDateTime } from './order-time';
import { StatusBadge } from './status-badge';
import './orders.css';
import { paths } from '@/lib/paths';

function detailPath(order: OrderSummary): string {
  return order.kind === 'film'
    ? paths.orderDetail(order.orderId)
    : paths.storeOrderDetail(order.orderId);
}

/** /home/order: the user's orders in two tabs (tickets, store), newest first, a page at a time. */
export function OrderList() {
  const t = ordersMessages.useT();
  const [params, setParams] = useSearchParams();
  const kind: OrderKind = params.get('kind') === 'store' ? 'store' : 'film';
  return (
    <div className="orders">
      <div className="orders__tabs" role="tablist">
        {orderKinds.map((option) => (
          <button
            key={option}
            type="button"
            role="tab"
            aria-selected={option === kind}
            className={`orders__tab${option === kind ? ' orders__tab--active' : ''}`}
            onClick={() => setParams(option === 'film' ? {} : { kind: option }, { replace: true })}
          >
            {t(option)}
          </button>
        ))}
      </div>
      <OrderPages key={kind} kind={kind} isTabPanel />
    </div>
  );
}

/** One kind of the user's orders, a page at a time (also /store/order/list's whole page). */
export function OrderPages(props: { kind: OrderKind; isTabPanel?: boolean }) {
  const t = ordersMessages.useT();
  const list = useOrderList(props.kind);
  return (
    <QueryView
      query={list}
      failureTitle={t('loadFailed')}
      isEmpty={(data) => data.pages.every((page) => page.list.length === 0)}
      empty={{
        icon: <FileOutline />,
        title: t('empty'),
        description: props.kind === 'film' ? t('emptyFilm') : t('emptyStore'),
        action:
          props.kind === 'store' ? (
            <Link to={paths.storeProductList()} className="button button--primary">
              {t('goToStore')}
            </Link>
          ) : undefined,
      }}
    >
      {(data) => {
        const orders = data.pages.flatMap((page) => page.list);
        return (
          <>
            <ul className="orders__list" role={props.isTabPanel ? 'tabpanel' : undefined}>
              {orders.map((order) => (
                <li key={order.orderId}>
                  <Link to={detailPath(order)} className="order-item" data-testid="order-item">
                    {order.posterUrl ? (
                      <img
                        src={order.posterUrl}
                        alt=""
                        width={56}
                        // Posters are upright; goods pictures square.
                        height={order.kind === 'film' ? 78 : 56}
                        className="order-item__poster"
                      />
                    ) : null}
                    <div className="order-item__text">
                      <div className="order-item__head">
                        <strong className="order-item__title">{order.title}</strong>
                        <StatusBadge status={order.status} />
                      </div>
                      {order.subtitle && <p>{order.subtitle}</p>}
                      {order.goodsNote && (
                        <p className="order-item__snacks" data-testid="order-snacks-note">
                          {t('withSnacks', { snacks: order.goodsNote })}
                        </p>
                      )}
                      <p>
                        {order.startAt
                          ? showStartLabel(order.startAt)
                          : cinemaDateTime(order.createdAt)}
                      </p>
                      <p className="order-item__amount">
                        {t('amount', { amount: formatYuan(yuanToFen(order.amount)) })}
                      </p>
                    </div>
                  </Link>
                </li>
              ))}
            </ul>
            <div className="orders__more">
              {list.hasNextPage ? (
                <button
                  type="button"
                  className="button"
                  disabled={list.isFetchingNextPage}
                  onClick={() => void list.fetchNextPage()}
                >
                  {list.isFetchingNextPage ? t('loadingMore') : t('loadMore')}
                </button>
              ) : (
                <p>{t('noMore')}</p>
              )}
            </div>
          </>
        );
      }}
    </QueryView>
  );
}
