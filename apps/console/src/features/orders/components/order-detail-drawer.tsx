import { useState } from 'react';
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Empty,
  Grid,
  Spin,
  Table,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import { describeOrderEvent, seatNames, formatYuan, yuanToFen } from '@marquee/contracts';
import type { ConsoleOrderDetail } from '@marquee/contracts/console';
import { getLang } from '@/lib/i18n/i18n';
import { useOrderDetail } from '../api/use-order-detail';
import { ordersMessages } from '../orders-messages';
import { OrderStatusTag, shortTime } from './order-status-tag';
import { RefundOrderModal } from './refund-order-modal';

/** One order for staff: what it is, its money, its status trail and audit rows, and the refund. */
export function OrderDetailDrawer(props: {
  orderId: string | null;
  canRefund: boolean;
  onClose: () => void;
}) {
  const t = ordersMessages.useMessages();
  const detail = useOrderDetail(props.orderId);
  const [isRefunding, setRefunding] = useState(false);
  const order = detail.data;
  const screens = Grid.useBreakpoint();

  return (
    <Drawer
      open={props.orderId !== null}
      onClose={props.onClose}
      width={screens.md ? 760 : '100%'}
      title={order ? t('detailTitle', { orderNo: order.orderNo }) : ' '}
      extra={
        order?.isRefundable &&
        (props.canRefund ? (
          <Button danger onClick={() => setRefunding(true)} data-testid="order-refund">
            {t('refund')}
          </Button>
        ) : (
          <Typography.Text type="secondary">{t('refundOnlyManagers')}</Typography.Text>
        ))
      }
      data-testid="order-detail"
    >
      {detail.isPending && props.orderId !== null && <Spin />}
      {detail.isError && <Alert type="error" showIcon message={detail.error.message} />}
      {order && <OrderDetailBody order={order} />}
      <RefundOrderModal
        order={isRefunding && order ? order : null}
        onClose={() => setRefunding(false)}
      />
    </Drawer>
  );
}

function OrderDetailBody(props: { order: ConsoleOrderDetail }) {
  const t = ordersMessages.useMessages();
  const { order } = props;
  const yuan = (amount: number) => t('yuan', { amount: formatYuan(yuanToFen(amount)) });
  const code = order.ticket?.code ?? order.pickup?.code ?? null;
  return (
    <>
      <Descriptions bordered size="small" column={2} data-testid="order-facts">
        <Descriptions.Item label={t('status')}>
          <OrderStatusTag status={order.status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('amount')}>{yuan(order.amount)}</Descriptions.Item>
        <Descriptions.Item label={t('kind')}>{t(order.kind)}</Descriptions.Item>
        <Descriptions.Item label={t('cinema')}>{order.cinemaName ?? '—'}</Descriptions.Item>
        {order.film && (
          <>
            <Descriptions.Item label={t('content')} span={2}>
              {order.film.showInfo.filmTitle} · {order.film.showInfo.hallName}
            </Descriptions.Item>
            <Descriptions.Item label={t('showTime')}>
              {shortTime(order.film.showInfo.startAt)}
            </Descriptions.Item>
            <Descriptions.Item label={t('seats')}>
              {seatNames(
                order.film.seats.map((seat) => seat.label),
                getLang(),
              )}
            </Descriptions.Item>
          </>
        )}
        {order.store && (
          <Descriptions.Item label={t('goods')} span={2}>
            {order.store.items.map((item) => (
              <div key={item.goodsInfoId}>
                {item.goodsName}（{item.goodsInfoName}）×{item.quantity}
              </div>
            ))}
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('phone')}>{order.phone ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('code')}>{code ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('createdAt')}>{shortTime(order.createdAt)}</Descriptions.Item>
        <Descriptions.Item label={t('paidAt')}>{shortTime(order.paidAt)}</Descriptions.Item>
        {order.usedAt && (
          <Descriptions.Item label={t('usedAt')} span={2}>
            {t('usedBy', { at: shortTime(order.usedAt), name: order.usedBy ?? '' })}
          </Descriptions.Item>
        )}
      </Descriptions>

      <Typography.Title level={5} style={{ marginTop: 20 }}>
        {t('payments')}
      </Typography.Title>
      <Table
        rowKey="paymentId"
        size="small"
        pagination={false}
        dataSource={order.payments}
        locale={{ emptyText: t('none') }}
        columns={[
          { title: t('method'), dataIndex: 'method', render: (m: 'card' | 'wechat') => t(m) },
          { title: t('amount'), dataIndex: 'amount', render: yuan },
          { title: t('status'), dataIndex: 'status', render: (s: string) => t(s as 'paid') },
          { title: t('createdAt'), dataIndex: 'createdAt', render: shortTime },
        ]}
      />

      <Typography.Title level={5} style={{ marginTop: 20 }}>
        {t('refunds')}
      </Typography.Title>
      <Table
        rowKey="outRefundNo"
        size="small"
        pagination={false}
        dataSource={order.refunds}
        locale={{ emptyText: t('none') }}
        data-testid="order-refunds"
        columns={[
          {
            title: t('method'),
            dataIndex: 'method',
            render: (m: 'card' | 'wechat', row) => (
              <>
                {t(m)} {row.isAutomatic && <Tag>{t('automatic')}</Tag>}
              </>
            ),
          },
          { title: t('amount'), dataIndex: 'amount', render: yuan },
          { title: t('status'), dataIndex: 'status', render: (s: string) => t(s as 'paid') },
          { title: t('createdAt'), dataIndex: 'createdAt', render: shortTime },
        ]}
      />

      <Typography.Title level={5} style={{ marginTop: 20 }}>
        {t('events')}
      </Typography.Title>
      <Timeline
        data-testid="order-events"
        items={order.events.map((event) => ({
          children: (
            <div>
              <OrderStatusTag status={event.to} />
              <Typography.Text type="secondary">
                {shortTime(event.at)} · {describeOrderEvent(event.reason, getLang())}
              </Typography.Text>
            </div>
          ),
        }))}
      />

      <Typography.Title level={5}>{t('audit')}</Typography.Title>
      {order.audit.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('none')} />
      ) : (
        <Table
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={order.audit}
          data-testid="order-audit"
          columns={[
            { title: t('createdAt'), dataIndex: 'at', render: shortTime, width: 110 },
            { title: t('actor'), dataIndex: 'actor', width: 100 },
            {
              title: t('action'),
              dataIndex: 'action',
              width: 120,
              render: (action: string) =>
                action === 'order.checkIn' || action === 'order.refund' ? t(action) : action,
            },
            {
              title: t('reason'),
              dataIndex: 'after',
              render: (after: unknown) =>
                String((after as { reason?: unknown } | null)?.reason ?? ''),
            },
          ]}
        />
      )}
    </>
  );
}
