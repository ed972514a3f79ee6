import { Table, Tag, Typography } from 'antd';
import { seatName, seatNames } from '@marquee/contracts';
import type { AffectedOrder } from '@marquee/contracts/console';
import { getLang } from '@/lib/i18n/i18n';
import { seatBoardMessages } from '../seat-board-messages';

const statusKey = {
  ticketed: 'statusTicketed',
  pending_payment: 'statusPending',
  used: 'statusUsed',
} as const;

/** The orders on broken seats, each with the seats proposed for its buyer or a refund hint. */
export function AffectedOrders(props: { orders: AffectedOrder[] }) {
  const t = seatBoardMessages.useMessages();
  return (
    <Table<AffectedOrder>
      rowKey="orderId"
      size="small"
      pagination={false}
      dataSource={props.orders}
      data-testid="affected-orders"
      locale={{ emptyText: t('affectedNone') }}
      columns={[
        {
          title: t('orderNo'),
          dataIndex: 'orderNo',
          render: (orderNo: string) => <Typography.Text copyable>{orderNo}</Typography.Text>,
        },
        {
          title: t('phone'),
          dataIndex: 'phone',
          width: 120,
          render: (p: string | null) => p ?? '—',
        },
        {
          title: t('status'),
          dataIndex: 'status',
          width: 90,
          render: (status: AffectedOrder['status']) =>
            status in statusKey ? t(statusKey[status as keyof typeof statusKey]) : status,
        },
        {
          title: t('seats'),
          render: (_: unknown, order) =>
            seatNames(
              order.seats.map((s) => s.label),
              getLang(),
            ),
        },
        {
          title: t('broken'),
          render: (_: unknown, order) =>
            order.brokenSeats.map((s) => (
              <Tag key={s.id} color="red">
                {seatName(s.label, getLang())}
              </Tag>
            )),
        },
        {
          title: t('proposal'),
          render: (_: unknown, order) =>
            order.proposal ? (
              <span data-testid="proposal">
                {order.proposal.map((move) => (
                  <Tag key={move.fromSeatId} color="blue">
                    {seatName(move.fromLabel, getLang())} → {seatName(move.toLabel, getLang())}
                  </Tag>
                ))}
              </span>
            ) : (
              <Typography.Text type="warning" data-testid="no-proposal">
                {t('noProposal')}
              </Typography.Text>
            ),
        },
      ]}
    />
  );
}
