import { useState } from 'react';
import { Alert, Button, Card, Table, Tag, Typography } from 'antd';
import type { AbnormalRefundRow } from '@marquee/contracts/console';
import { formatYuan, yuanToFen } from '@marquee/contracts';
import { useAbnormalRefunds } from '../api/use-abnormal-refunds';
import { abnormalRefundsMessages } from '../abnormal-refunds-messages';
import { OrderDetailDrawer } from './order-detail-drawer';
import { shortTime } from './order-status-tag';

const statusColors: Record<AbnormalRefundRow['status'], string> = {
  abnormal: 'red',
  closed: 'volcano',
  failed: 'magenta',
};

/**
 * The refunds WeChat did not pay back, for managers and owners: each row opens its order (the
 * detail drawer with payments, refunds and the audit trail). Hidden while there are none.
 */
export function AbnormalRefunds(props: { canRefund: boolean }) {
  const t = abnormalRefundsMessages.useMessages();
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const [openId, setOpenId] = useState<string | null>(null);
  const refunds = useAbnormalRefunds(page);

  if (refunds.isError) return <Alert type="error" showIcon message={refunds.error.message} />;
  if (!refunds.data || refunds.data.total === 0) return null;
  return (
    <Card
      title={t('title')}
      style={{ marginBottom: 16 }}
      data-testid="abnormal-refunds"
      extra={<Tag color="red">{t('total', { total: refunds.data.total })}</Tag>}
    >
      <Typography.Paragraph type="secondary">{t('hint')}</Typography.Paragraph>
      <Table<AbnormalRefundRow>
        rowKey="outRefundNo"
        size="small"
        loading={refunds.isFetching}
        dataSource={refunds.data.list}
        scroll={{ x: 1100 }}
        locale={{ emptyText: t('empty') }}
        pagination={{
          current: page.pageNum,
          pageSize: page.pageSize,
          total: refunds.data.total,
          hideOnSinglePage: true,
          onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
        }}
        columns={[
          { title: t('orderNo'), dataIndex: 'orderNo', width: 170 },
          {
            title: t('kind'),
            dataIndex: 'kind',
            width: 80,
            render: (kind: AbnormalRefundRow['kind']) => t(kind),
          },
          {
            title: t('cinema'),
            dataIndex: 'cinemaName',
            width: 190,
            render: (name: string | null) => name ?? '—',
          },
          {
            title: t('phone'),
            dataIndex: 'phoneMasked',
            width: 120,
            render: (phone: string | null) => phone ?? '—',
          },
          {
            title: t('amount'),
            dataIndex: 'amount',
            align: 'right',
            width: 90,
            render: (amount: number) => t('yuan', { amount: formatYuan(yuanToFen(amount)) }),
          },
          { title: t('reason'), dataIndex: 'reason', ellipsis: true, width: 200 },
          {
            title: t('status'),
            dataIndex: 'status',
            width: 110,
            render: (status: AbnormalRefundRow['status']) => (
              <Tag color={statusColors[status]}>{t(status)}</Tag>
            ),
          },
          { title: t('reportedAt'), dataIndex: 'updatedAt', render: shortTime, width: 110 },
          {
            title: '',
            key: 'open',
            width: 100,
            render: (_, row) => (
              <Button type="link" size="small" onClick={() => setOpenId(row.orderId)}>
                {t('open')}
              </Button>
            ),
          },
        ]}
      />
      <OrderDetailDrawer
        orderId={openId}
        canRefund={props.canRefund}
        onClose={() => setOpenId(null)}
      />
    </Card>
  );
}
