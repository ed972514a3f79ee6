import { useMemo } from 'react';
import { Card, Col, Row, Statistic, Table } from 'antd';
import {
  reportDates,
  type ReportQuery,
  type SalesDay,
  type SalesFilm,
  type SalesReport as SalesReportAnswer,
} from '@marquee/contracts/console';
import { useSalesReport } from '../api/use-sales-report';
import { yuan, yuanValue } from '../format';
import { reportsMessages } from '../reports-messages';
import { Chart, type ChartOption } from './chart';
import { ReportState } from './report-state';
import { SalesSplit } from './sales-split';

const t = reportsMessages.translate;

function dailyOption(report: SalesReportAnswer): ChartOption {
  const dates = reportDates(report.from, report.to);
  const sumOf = (date: string, key: 'ticketFen' | 'goodsFen' | 'netFen') =>
    yuanValue(
      report.days.filter((day) => day.date === date).reduce((sum, day) => sum + day[key], 0),
    );
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 56, right: 24, top: 36, bottom: 28 },
    xAxis: { type: 'category', data: dates.map((date) => date.slice(5)) },
    yAxis: { type: 'value', name: '¥' },
    series: [
      {
        name: t('ticketRevenue'),
        type: 'bar',
        stack: 'revenue',
        barMaxWidth: 40,
        data: dates.map((d) => sumOf(d, 'ticketFen')),
      },
      {
        name: t('goodsRevenue'),
        type: 'bar',
        stack: 'revenue',
        data: dates.map((d) => sumOf(d, 'goodsFen')),
      },
      { name: t('net'), type: 'line', data: dates.map((d) => sumOf(d, 'netFen')) },
    ],
  };
}

function filmOption(films: SalesFilm[]): ChartOption {
  const top = films.slice(0, 10).reverse();
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 120, right: 32, top: 8, bottom: 24 },
    xAxis: { type: 'value', name: '¥' },
    yAxis: { type: 'category', data: top.map((film) => film.filmTitle) },
    series: [
      {
        name: t('ticketRevenue'),
        type: 'bar',
        barMaxWidth: 28,
        data: top.map((film) => yuanValue(film.ticketFen)),
        label: { show: true, position: 'right' },
      },
    ],
  };
}

/** Sales per day and cinema (tickets, goods, refunds, net) and the box office per film. */
export function SalesReport(props: { query: ReportQuery }) {
  const report = useSalesReport(props.query);
  const daily = useMemo(() => (report.data ? dailyOption(report.data) : null), [report.data]);
  const byFilm = useMemo(() => (report.data ? filmOption(report.data.films) : null), [report.data]);
  if (!report.data || !daily || !byFilm) return <ReportState query={report} />;
  const totals = report.data.totals;

  return (
    <div data-testid="sales-report">
      <Row gutter={16} style={{ marginBottom: 16 }}>
        {(
          [
            ['tickets', String(totals.ticketCount)],
            ['ticketRevenue', yuan(totals.ticketFen)],
            ['goodsRevenue', yuan(totals.goodsFen)],
            ['refunds', yuan(totals.refundFen)],
            ['net', yuan(totals.netFen)],
          ] as const
        ).map(([key, value]) => (
          <Col key={key} flex="1">
            <Card size="small">
              <Statistic title={t(key)} value={value} />
            </Card>
          </Col>
        ))}
      </Row>
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col span={14}>
          <Card size="small" title={t('byDay')}>
            <Chart option={daily} testId="sales-daily-chart" />
          </Card>
        </Col>
        <Col span={10}>
          <Card size="small" title={t('byFilm')}>
            <Chart option={byFilm} testId="sales-film-chart" />
          </Card>
        </Col>
      </Row>
      <SalesSplit report={report.data} />
      <Table<SalesDay>
        rowKey={(day) => `${day.date}-${day.cinemaId}`}
        size="small"
        loading={report.isFetching}
        dataSource={report.data.days}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        locale={{ emptyText: t('empty') }}
        columns={[
          { title: t('date'), dataIndex: 'date', width: 110 },
          { title: t('cinema'), dataIndex: 'cinemaName' },
          { title: t('tickets'), dataIndex: 'ticketCount', align: 'right' },
          { title: t('ticketRevenue'), dataIndex: 'ticketFen', align: 'right', render: yuan },
          { title: t('goodsUnits'), dataIndex: 'goodsUnits', align: 'right' },
          { title: t('goodsRevenue'), dataIndex: 'goodsFen', align: 'right', render: yuan },
          { title: t('refunds'), dataIndex: 'refundFen', align: 'right', render: yuan },
          { title: t('net'), dataIndex: 'netFen', align: 'right', render: yuan },
        ]}
      />
      <Table<SalesFilm>
        style={{ marginTop: 16 }}
        rowKey="filmId"
        size="small"
        dataSource={report.data.films}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        locale={{ emptyText: t('empty') }}
        columns={[
          { title: t('film'), dataIndex: 'filmTitle' },
          { title: t('tickets'), dataIndex: 'ticketCount', align: 'right' },
          { title: t('ticketRevenue'), dataIndex: 'ticketFen', align: 'right', render: yuan },
          { title: t('refundedTickets'), dataIndex: 'refundedTickets', align: 'right' },
          { title: t('refunds'), dataIndex: 'refundFen', align: 'right', render: yuan },
        ]}
      />
    </div>
  );
}
