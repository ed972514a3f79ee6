import { useMemo } from 'react';
import { Alert, Card, Col, Row, Statistic, Table } from 'antd';
import type { CardsReport as CardsAnswer, ReportQuery } from '@marquee/contracts/console';
import { useCardsReport } from '../api/use-cards-report';
import { yuan, yuanValue } from '../format';
import { reportsMessages } from '../reports-messages';
import { Chart, type ChartOption } from './chart';
import { ReportState } from './report-state';

const t = reportsMessages.translate;
type Movement = CardsAnswer['movements'][number];
type TypeRow = CardsAnswer['byType'][number];

function movementOption(movements: Movement[]): ChartOption {
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 64, right: 24, top: 24, bottom: 28 },
    xAxis: { type: 'category', data: movements.map((row) => t(row.kind)) },
    yAxis: { type: 'value', name: '¥' },
    series: [
      {
        name: t('amount'),
        type: 'bar',
        barMaxWidth: 40,
        data: movements.map((row) => ({
          value: yuanValue(row.amountFen),
          itemStyle: { color: row.amountFen < 0 ? '#e54847' : '#52c41a' },
        })),
      },
    ],
  };
}

function typeOption(types: TypeRow[]): ChartOption {
  return {
    tooltip: { trigger: 'item', valueFormatter: (value) => `¥${String(value)}` },
    legend: { bottom: 0 },
    series: [
      {
        name: t('balance'),
        type: 'pie',
        radius: ['35%', '65%'],
        center: ['50%', '45%'],
        data: types.map((row) => ({ name: row.typeNames, value: yuanValue(row.balanceFen) })),
      },
    ],
  };
}

/** What the site owes its card holders (balances = ledger) and the range's card movements. */
export function CardsReport(props: { query: ReportQuery }) {
  const report = useCardsReport(props.query);
  const movements = useMemo(
    () => (report.data ? movementOption(report.data.movements) : null),
    [report.data],
  );
  const types = useMemo(() => (report.data ? typeOption(report.data.byType) : null), [report.data]);
  if (!report.data || !movements || !types) return <ReportState query={report} />;
  const data = report.data;

  return (
    <div data-testid="cards-report">
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col span={6}>
          <Card size="small">
            <Statistic title={t('balance')} value={yuan(data.balanceFen)} />
          </Card>
        </Col>
        <Col span={6}>
          <Card size="small">
            <Statistic title={t('ledger')} value={yuan(data.ledgerFen)} />
          </Card>
        </Col>
        <Col span={4}>
          <Card size="small">
            <Statistic title={t('cardCount')} value={data.cardCount} />
          </Card>
        </Col>
        <Col span={8}>
          <Alert
            style={{ height: '100%' }}
            type={data.isBalanced ? 'success' : 'error'}
            showIcon
            message={data.isBalanced ? t('balanced') : t('unbalanced')}
          />
        </Col>
      </Row>
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col span={9}>
          <Card size="small" title={t('byType')}>
            <Chart option={types} height={260} testId="cards-type-chart" />
          </Card>
        </Col>
        <Col span={15}>
          <Card size="small" title={t('movements')}>
            <Chart option={movements} height={260} testId="cards-movement-chart" />
          </Card>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col span={10}>
          <Table<TypeRow>
            rowKey="types"
            size="small"
            dataSource={data.byType}
            pagination={false}
            columns={[
              { title: t('cardType'), dataIndex: 'typeNames' },
              { title: t('cardCount'), dataIndex: 'cardCount', align: 'right' },
              { title: t('balance'), dataIndex: 'balanceFen', align: 'right', render: yuan },
            ]}
          />
        </Col>
        <Col span={14}>
          <Table<Movement>
            rowKey="kind"
            size="small"
            dataSource={data.movements}
            pagination={false}
            columns={[
              { title: t('kind'), dataIndex: 'kind', render: (kind: Movement['kind']) => t(kind) },
              { title: t('count'), dataIndex: 'count', align: 'right' },
              { title: t('amount'), dataIndex: 'amountFen', align: 'right', render: yuan },
            ]}
          />
        </Col>
      </Row>
    </div>
  );
}
