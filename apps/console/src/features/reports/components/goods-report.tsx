import { useMemo } from 'react';
import { Card, Col, Row, Statistic, Table } from 'antd';
import type { GoodsLine, ReportQuery } from '@marquee/contracts/console';
import { useGoodsReport } from '../api/use-goods-report';
import { yuan, yuanValue } from '../format';
import { reportsMessages } from '../reports-messages';
import { Chart, type ChartOption } from './chart';
import { ReportState } from './report-state';

const t = reportsMessages.translate;

function shareOption(lines: GoodsLine[]): ChartOption {
  const byGoods = new Map<string, number>();
  for (const line of lines) {
    byGoods.set(line.goodsName, (byGoods.get(line.goodsName) ?? 0) + line.revenueFen);
  }
  return {
    tooltip: { trigger: 'item', valueFormatter: (value) => `¥${String(value)}` },
    legend: { type: 'scroll', orient: 'vertical', right: 0, top: 'middle' },
    series: [
      {
        name: t('revenue'),
        type: 'pie',
        radius: ['40%', '70%'],
        center: ['38%', '50%'],
        data: [...byGoods].map(([name, fen]) => ({ name, value: yuanValue(fen) })),
      },
    ],
  };
}

/** Units and revenue per goods variant. */
export function GoodsReport(props: { query: ReportQuery }) {
  const report = useGoodsReport(props.query);
  const option = useMemo(
    () => (report.data ? shareOption(report.data.lines) : null),
    [report.data],
  );
  if (!report.data || !option) return <ReportState query={report} />;
  const totals = report.data.totals;

  return (
    <div data-testid="goods-report">
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col span={6}>
          <Card size="small">
            <Statistic title={t('units')} value={totals.units} />
          </Card>
          <Card size="small" style={{ marginTop: 16 }}>
            <Statistic title={t('revenue')} value={yuan(totals.revenueFen)} />
          </Card>
          <Card size="small" style={{ marginTop: 16 }}>
            <Statistic title={t('refunds')} value={yuan(totals.refundFen)} />
          </Card>
        </Col>
        <Col span={18}>
          <Card size="small" title={t('revenueShare')}>
            <Chart option={option} height={250} testId="goods-chart" />
          </Card>
        </Col>
      </Row>
      <Table<GoodsLine>
        rowKey="variantId"
        size="small"
        loading={report.isFetching}
        dataSource={report.data.lines}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        locale={{ emptyText: t('empty') }}
        columns={[
          { title: t('goodsName'), dataIndex: 'goodsName' },
          { title: t('variant'), dataIndex: 'variantName' },
          { title: t('units'), dataIndex: 'units', align: 'right' },
          { title: t('revenue'), dataIndex: 'revenueFen', align: 'right', render: yuan },
          { title: t('refundedUnits'), dataIndex: 'refundedUnits', align: 'right' },
          { title: t('refunds'), dataIndex: 'refundFen', align: 'right', render: yuan },
        ]}
      />
    </div>
  );
}
