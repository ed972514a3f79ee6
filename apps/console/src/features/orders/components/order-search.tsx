import { useState } from 'react';
import { Alert, Card, Input, Table, Typography } from 'antd';
import type { ConsoleOrderRow } from '@marquee/contracts/console';
import { formatYuan, yuanToFen } from '@marquee/contracts';
import { useOrderSearch } from '../api/use-order-search';
import { ordersMessages } from '../orders-messages';
import { OrderDetailDrawer } from './order-detail-drawer';
import { OrderStatusTag, shortTime } from './order-status-tag';

/** The orders page: one search box, the matching orders, and the chosen order in a drawer. */
export function OrderSearch(props: { canRefund: boolean }) {
  const t = ordersMessages.useMessages();
  const [filter, setFilter] = useState({ q: '', pageNum: 1, pageSize: 20 });
  const [openId, setOpenId] = useState<string | null>(null);
  const search = useOrderSearch(filter);

  return (
    <Card title={t('title')}>
      <Input.Search
        allowClear
        enterButton={t('search')}
        size="large"
        placeholder={t('searchPlaceholder')}
        aria-label={t('searchPlaceholder')}
        onSearch={(q) => setFilter({ ...filter, q: q.trim(), pageNum: 1 })}
        style={{ maxWidth: 560 }}
        data-testid="order-search"
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {t('searchHint')}
      </Typography.Paragraph>
      {search.isError && <Alert type="error" showIcon message={search.error.message} />}
      {filter.q && (
        <Table<ConsoleOrderRow>
          rowKey="orderId"
          size="middle"
          loading={search.isFetching}
          dataSource={search.data?.list ?? []}
          scroll={{ x: 1000 }}
          onRow={(row) => ({ onClick: () => setOpenId(row.orderId), style: { cursor: 'pointer' } })}
          pagination={{
            current: filter.pageNum,
            pageSize: filter.pageSize,
            total: search.data?.total ?? 0,
            showTotal: (total) => t('total', { total }),
            onChange: (pageNum, pageSize) => setFilter({ ...filter, pageNum, pageSize }),
          }}
          columns={[
            { title: t('orderNo'), dataIndex: 'orderNo', width: 170 },
            {
              title: t('content'),
              render: (_, row) => (
                <div>
                  <div>{row.title}</div>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {row.subtitle}
                  </Typography.Text>
                </div>
              ),
            },
            { title: t('showTime'), dataIndex: 'startAt', render: shortTime, width: 110 },
            {
              title: t('phone'),
              dataIndex: 'phoneMasked',
              width: 120,
              render: (phone: string | null) => phone ?? '—',
            },
            {
              title: t('code'),
              dataIndex: 'code',
              width: 120,
              render: (code: string | null) => code ?? '—',
            },
            {
              title: t('amount'),
              dataIndex: 'amount',
              align: 'right',
              width: 90,
              render: (amount: number) => t('yuan', { amount: formatYuan(yuanToFen(amount)) }),
            },
            {
              title: t('status'),
              dataIndex: 'status',
              width: 100,
              render: (status: ConsoleOrderRow['status']) => <OrderStatusTag status={status} />,
            },
            { title: t('createdAt'), dataIndex: 'createdAt', render: shortTime, width: 110 },
          ]}
        />
      )}
      <OrderDetailDrawer
        orderId={openId}
        canRefund={props.canRefund}
        onClose={() => setOpenId(null)}
      />
    </Card>
  );
}
