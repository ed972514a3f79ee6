import { Card, Col, Row, Table, Typography } from 'antd';
import type {
  SalesChannel,
  SalesPaymentMethod,
  SalesReport as SalesReportAnswer,
} from '@marquee/contracts/console';
import { yuan } from '../format';
import { reportsMessages, type ReportsMessage } from '../reports-messages';

const t = reportsMessages.translate;

const channelNames: Record<SalesChannel['channel'], ReportsMessage> = {
  online: 'channelOnline',
  counter: 'channelCounter',
};

const methodNames: Record<string, ReportsMessage> = {
  card: 'methodCard',
  wechat: 'methodWechat',
  cash: 'methodCash',
  other: 'methodOther',
};

/** A payment method in words; one the console does not know yet reads as "other". */
export const methodName = (method: string) => t(methodNames[method] ?? 'methodOther');

/** The sales report's split: by channel (online / counter) and by payment method. */
export function SalesSplit(props: { report: SalesReportAnswer }) {
  const { report } = props;
  return (
    <Row gutter={16} style={{ marginBottom: 16 }}>
      <Col xs={24} xl={12}>
        <Card size="small" title={t('byChannel')} data-testid="sales-by-channel">
          <Table<SalesChannel>
            rowKey="channel"
            size="small"
            pagination={false}
            dataSource={report.channels}
            columns={[
              {
                title: t('channel'),
                dataIndex: 'channel',
                render: (channel: SalesChannel['channel']) => t(channelNames[channel]),
              },
              { title: t('tickets'), dataIndex: 'ticketCount', align: 'right' },
              { title: t('ticketRevenue'), dataIndex: 'ticketFen', align: 'right', render: yuan },
              { title: t('goodsRevenue'), dataIndex: 'goodsFen', align: 'right', render: yuan },
              { title: t('refunds'), dataIndex: 'refundFen', align: 'right', render: yuan },
              { title: t('net'), dataIndex: 'netFen', align: 'right', render: yuan },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card size="small" title={t('byPaymentMethod')} data-testid="sales-by-method">
          <Table<SalesPaymentMethod>
            rowKey="method"
            size="small"
            pagination={false}
            dataSource={report.paymentMethods}
            columns={[
              { title: t('method'), dataIndex: 'method', render: methodName },
              { title: t('orders'), dataIndex: 'orderCount', align: 'right' },
              { title: t('amount'), dataIndex: 'fen', align: 'right', render: yuan },
              {
                title: t('combinedPart'),
                dataIndex: 'combinedFen',
                align: 'right',
                render: yuan,
              },
            ]}
          />
          <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
            {t('combinedOrders', { count: report.combinedOrderCount })}
          </Typography.Paragraph>
        </Card>
      </Col>
    </Row>
  );
}
