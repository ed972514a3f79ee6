import { useMemo } from 'react';
import { Card, Col, Progress, Row, Statistic, Table } from 'antd';
import {
  reportDates,
  type OccupancyReport as OccupancyAnswer,
  type OccupancyShow,
  type ReportQuery,
} from '@marquee/contracts/console';
import { useOccupancyReport } from '../api/use-occupancy-report';
import { localTime } from '../format';
import { reportsMessages } from '../reports-messages';
import { Chart, type ChartOption } from './chart';
import { ReportState } from './report-state';

const t = reportsMessages.translate;

function dailyOption(report: OccupancyAnswer): ChartOption {
  const dates = reportDates(report.from, report.to);
  const days = dates.map((date) => {
    const shows = report.shows.filter((show) => localTime(show.startAt).startsWith(date));
    const forSale = shows.reduce((sum, show) => sum + show.seatsForSale, 0);
    const sold = shows.reduce((sum, show) => sum + show.seatsSold, 0);
    return { sold, percent: forSale === 0 ? 0 : Math.round((sold * 1000) / forSale) / 10 };
  });
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 48, right: 56, top: 36, bottom: 28 },
    xAxis: { type: 'category', data: dates.map((date) => date.slice(5)) },
    yAxis: [
      { type: 'value', name: t('seatsSold'), minInterval: 1 },
      { type: 'value', name: t('percent'), axisLabel: { formatter: '{value}%' } },
    ],
    series: [
      {
        name: t('seatsSold'),
        type: 'bar',
        barMaxWidth: 36,
        data: days.map((day) => day.sold),
      },
      {
        name: t('percent'),
        type: 'line',
        yAxisIndex: 1,
        data: days.map((day) => day.percent),
        tooltip: { valueFormatter: (value) => `${String(value)}%` },
      },
    ],
  };
}

/** Seats sold of the seats for sale, per show of the range. */
export function OccupancyReport(props: { query: ReportQuery }) {
  const report = useOccupancyReport(props.query);
  const option = useMemo(() => (report.data ? dailyOption(report.data) : null), [report.data]);
  if (!report.data || !option) return <ReportState query={report} />;
  const totals = report.data.totals;

  return (
    <div data-testid="occupancy-report">
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col span={6}>
          <Card size="small">
            <Statistic title={t('shows')} value={totals.showCount} />
          </Card>
          <Card size="small" style={{ marginTop: 16 }}>
            <Statistic title={t('seatsSold')} value={totals.seatsSold} />
          </Card>
          <Card size="small" style={{ marginTop: 16 }}>
            <Statistic title={t('percent')} value={totals.percent} suffix="%" precision={1} />
          </Card>
        </Col>
        <Col span={18}>
          <Card size="small" title={t('averageByDay')}>
            <Chart option={option} height={250} testId="occupancy-chart" />
          </Card>
        </Col>
      </Row>
      <Table<OccupancyShow>
        rowKey="showId"
        size="small"
        loading={report.isFetching}
        dataSource={report.data.shows}
        pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
        locale={{ emptyText: t('empty') }}
        columns={[
          { title: t('startAt'), dataIndex: 'startAt', width: 150, render: localTime },
          { title: t('cinema'), dataIndex: 'cinemaName' },
          { title: t('hall'), dataIndex: 'hallName', width: 110 },
          { title: t('film'), dataIndex: 'filmTitle' },
          { title: t('seatsSold'), dataIndex: 'seatsSold', align: 'right', width: 80 },
          { title: t('seatsForSale'), dataIndex: 'seatsForSale', align: 'right', width: 80 },
          {
            title: t('percent'),
            dataIndex: 'percent',
            width: 180,
            sorter: (a, b) => a.percent - b.percent,
            render: (percent: number) => (
              <Progress percent={percent} size="small" format={(value) => `${value ?? 0}%`} />
            ),
          },
        ]}
      />
    </div>
  );
}
