import { useMemo } from 'react';
import { Card, Col, Row, Statistic, Table, Typography } from 'antd';
import type {
  AdvanceDay,
  AdvanceReport as AdvanceAnswer,
  ReportQuery,
} from '@marquee/contracts/console';
import { chinaDateTime } from '@/lib/china-time';
import { useAdvanceReport } from '../api/use-advance-report';
import { yuan, yuanValue } from '../format';
import { reportsMessages } from '../reports-messages';
import { Chart, type ChartOption } from './chart';
import { ReportState } from './report-state';

const t = reportsMessages.translate;

function dailyOption(report: AdvanceAnswer): ChartOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 56, right: 56, top: 36, bottom: 28 },
    xAxis: { type: 'category', data: report.days.map((day) => day.date.slice(5)) },
    yAxis: [
      { type: 'value', name: '¥' },
      { type: 'value', name: t('tickets'), minInterval: 1 },
    ],
    series: [
      {
        name: t('ticketRevenue'),
        type: 'bar',
        barMaxWidth: 36,
        data: report.days.map((day) => yuanValue(day.ticketFen)),
      },
      {
        name: t('tickets'),
        type: 'line',
        yAxisIndex: 1,
        data: report.days.map((day) => day.ticketCount),
      },
    ],
  };
}

/** Tickets sold so far for the shows still to come, per show date. */
export function AdvanceReport(props: { query: ReportQuery }) {
  const report = useAdvanceReport(props.query);
  const option = useMemo(() => (report.data ? dailyOption(report.data) : null), [report.data]);
  if (!report.data || !option) return <ReportState query={report} />;
  const totals = report.data.totals;

  return (
    <div data-testid="advance-report">
      <Typography.Paragraph type="secondary">
        {t('advanceHint', { time: chinaDateTime(report.data.asOf) })}
      </Typography.Paragraph>
      <Row gutter={16} style={{ marginBottom: 16 }}>
        {(
          [
            ['shows', String(totals.showCount)],
            ['tickets', String(totals.ticketCount)],
            ['ticketRevenue', yuan(totals.ticketFen)],
            ['percent', `${totals.percent}%`],
          ] as const
        ).map(([key, value]) => (
          <Col key={key} flex="1">
            <Card size="small">
              <Statistic title={t(key)} value={value} />
            </Card>
          </Col>
        ))}
      </Row>
      <Card size="small" title={t('advanceByDay')} style={{ marginBottom: 16 }}>
        <Chart option={option} testId="advance-chart" />
      </Card>
      <Table<AdvanceDay>
        rowKey="date"
        size="small"
        loading={report.isFetching}
        dataSource={report.data.days}
        pagination={{ pageSize: 31, hideOnSinglePage: true }}
        locale={{ emptyText: t('empty') }}
        columns={[
          { title: t('showDate'), dataIndex: 'date', width: 120 },
          { title: t('shows'), dataIndex: 'showCount', align: 'right' },
          { title: t('tickets'), dataIndex: 'ticketCount', align: 'right' },
          { title: t('ticketRevenue'), dataIndex: 'ticketFen', align: 'right', render: yuan },
          { title: t('seatsForSale'), dataIndex: 'seatsForSale', align: 'right' },
          {
            title: t('percent'),
            dataIndex: 'percent',
            align: 'right',
            render: (percent: number) => `${percent}%`,
          },
        ]}
      />
    </div>
  );
}
