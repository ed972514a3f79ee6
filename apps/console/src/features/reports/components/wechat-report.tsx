import { useMemo } from 'react';
import { Card, Col, Row, Statistic, Table, Tag } from 'antd';
import {
  reportDates,
  type ReportQuery,
  type WechatDay,
  type WechatDiscrepancy,
  type WechatReport as WechatAnswer,
} from '@marquee/contracts/console';
import { useWechatReport } from '../api/use-wechat-report';
import { localTime, yuan, yuanValue } from '../format';
import { reportsMessages } from '../reports-messages';
import { Chart, type ChartOption } from './chart';
import { ReportState } from './report-state';

const t = reportsMessages.translate;

function dailyOption(report: WechatAnswer): ChartOption {
  const dates = reportDates(report.from, report.to);
  const byDate = new Map(report.days.map((day) => [day.date, day]));
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 56, right: 48, top: 36, bottom: 28 },
    xAxis: { type: 'category', data: dates.map((date) => date.slice(5)) },
    yAxis: [
      { type: 'value', name: '¥' },
      { type: 'value', name: t('count'), minInterval: 1 },
    ],
    series: [
      {
        name: t('paid'),
        type: 'bar',
        data: dates.map((d) => yuanValue(byDate.get(d)?.payments.fen ?? 0)),
      },
      {
        name: t('refunded'),
        type: 'bar',
        data: dates.map((d) => yuanValue(byDate.get(d)?.refunds.fen ?? 0)),
      },
      {
        name: t('notifications'),
        type: 'line',
        yAxisIndex: 1,
        data: dates.map((d) => byDate.get(d)?.notifications.count ?? 0),
      },
      {
        name: t('payments'),
        type: 'line',
        yAxisIndex: 1,
        lineStyle: { type: 'dashed' },
        data: dates.map((d) => byDate.get(d)?.payments.count ?? 0),
      },
    ],
  };
}

function discrepancyText(row: WechatDiscrepancy): { text: string; color: string } {
  switch (row.kind) {
    case 'noNotification':
      return row.settledBy === 'query'
        ? { text: t('noNotificationByQuery'), color: 'blue' }
        : { text: t('noNotificationUnknown'), color: 'red' };
    case 'refundFailed':
      return { text: t('refundFailed'), color: 'red' };
    case 'refundPending':
      return { text: t('refundPending'), color: 'orange' };
    case 'autoRefund':
      return { text: t('autoRefund'), color: 'gold' };
  }
}

/** WeChat Pay reconciliation: payments recorded, notices received, refunds, what to look at. */
export function WechatReport(props: { query: ReportQuery }) {
  const report = useWechatReport(props.query);
  const option = useMemo(() => (report.data ? dailyOption(report.data) : null), [report.data]);
  if (!report.data || !option) return <ReportState query={report} />;
  const totals = report.data.totals;

  return (
    <div data-testid="wechat-report">
      <Row gutter={16} style={{ marginBottom: 16 }}>
        {(
          [
            ['payments', String(totals.payments.count)],
            ['paid', yuan(totals.payments.fen)],
            ['notifications', String(totals.notifications.count)],
            ['queried', String(totals.queried)],
            ['refundCount', String(totals.refunds.count)],
            ['refunded', yuan(totals.refunds.fen)],
          ] as const
        ).map(([key, value]) => (
          <Col key={key} flex="1">
            <Card size="small">
              <Statistic title={t(key)} value={value} />
            </Card>
          </Col>
        ))}
      </Row>
      <Card size="small" title={t('wechatByDay')} style={{ marginBottom: 16 }}>
        <Chart option={option} height={240} testId="wechat-chart" />
      </Card>
      <Card size="small" title={t('discrepancies')} style={{ marginBottom: 16 }}>
        <Table<WechatDiscrepancy>
          rowKey={(row) => `${row.kind}-${row.paymentId}`}
          size="small"
          dataSource={report.data.discrepancies}
          pagination={{ pageSize: 5, hideOnSinglePage: true }}
          locale={{ emptyText: t('noDiscrepancies') }}
          columns={[
            {
              title: t('kind'),
              dataIndex: 'kind',
              render: (_: unknown, row) => {
                const { text, color } = discrepancyText(row);
                return <Tag color={color}>{text}</Tag>;
              },
            },
            { title: t('at'), dataIndex: 'at', width: 150, render: localTime },
            { title: t('orderNo'), dataIndex: 'orderNo' },
            { title: t('outTradeNo'), dataIndex: 'outTradeNo' },
            { title: t('amount'), dataIndex: 'amountFen', align: 'right', render: yuan },
            { title: t('status'), dataIndex: 'status' },
          ]}
        />
      </Card>
      <Table<WechatDay>
        rowKey="date"
        size="small"
        dataSource={report.data.days}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        locale={{ emptyText: t('empty') }}
        columns={[
          { title: t('date'), dataIndex: 'date', width: 110 },
          { title: t('payments'), align: 'right', render: (_, day) => day.payments.count },
          { title: t('paid'), align: 'right', render: (_, day) => yuan(day.payments.fen) },
          {
            title: t('notifications'),
            align: 'right',
            render: (_, day) => day.notifications.count,
          },
          { title: t('queried'), dataIndex: 'queried', align: 'right' },
          { title: t('refundCount'), align: 'right', render: (_, day) => day.refunds.count },
          { title: t('refunded'), align: 'right', render: (_, day) => yuan(day.refunds.fen) },
          {
            title: t('refundPending'),
            align: 'right',
            render: (_, day) => yuan(day.refunds.pending.fen),
          },
          {
            title: t('refundFailed'),
            align: 'right',
            render: (_, day) => yuan(day.refunds.failed.fen),
          },
          { title: t('automatic'), align: 'right', render: (_, day) => day.refunds.automatic },
        ]}
      />
    </div>
  );
}
