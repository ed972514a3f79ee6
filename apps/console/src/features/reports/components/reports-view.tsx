import { useState, type ReactNode } from 'react';
import { App, Button, Card, DatePicker, Select, Space, Tabs, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import {
  ownerOnlyReports,
  REPORT_MAX_DAYS,
  reportNames,
  type ReportName,
  type ReportQuery,
  type StaffMe,
} from '@marquee/contracts/console';
import { downloadReportCsv } from '../api/download-report-csv';
import { reportsMessages } from '../reports-messages';
import { chinaToday as chinaTodayText } from '@/lib/china-time';
import { AdvanceReport } from './advance-report';
import { CardsReport } from './cards-report';
import { GoodsReport } from './goods-report';
import { OccupancyReport } from './occupancy-report';
import { SalesReport } from './sales-report';
import { WechatReport } from './wechat-report';
import { localNameOf } from '@/lib/local-name';

const DATE = 'YYYY-MM-DD';
/** Today in China, whatever the browser's zone. */
const chinaToday = () => dayjs(chinaTodayText());

const panels: Record<ReportName, (props: { query: ReportQuery }) => ReactNode> = {
  sales: SalesReport,
  occupancy: OccupancyReport,
  goods: GoodsReport,
  cards: CardsReport,
  wechat: WechatReport,
  advance: AdvanceReport,
};

/** The reports page: a date range and a cinema, a tab per report, each exportable as CSV. */
export function ReportsView(props: { staff: StaffMe }) {
  const t = reportsMessages.useMessages();
  const { message } = App.useApp();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [
    chinaToday().subtract(6, 'day'),
    chinaToday(),
  ]);
  const [cinemaId, setCinemaId] = useState<string | undefined>(undefined);
  const [active, setActive] = useState<ReportName>('sales');
  const [isExporting, setIsExporting] = useState(false);
  const names = reportNames.filter(
    (name) => props.staff.role === 'owner' || !ownerOnlyReports.includes(name),
  );
  const query: ReportQuery = {
    from: range[0].format(DATE),
    to: range[1].format(DATE),
    ...(cinemaId ? { cinemaId } : {}),
  };
  const isSiteWide = active === 'cards';

  // Advance sales look ahead: switching to them starts the range today.
  const choose = (name: ReportName) => {
    if (name === 'advance' && range[0].isBefore(chinaToday(), 'day')) {
      setRange([chinaToday(), chinaToday().add(6, 'day')]);
    }
    setActive(name);
  };

  const exportCsv = async () => {
    setIsExporting(true);
    try {
      await downloadReportCsv(active, query);
    } catch (error) {
      message.error(t('exportFailed', { msg: (error as Error).message }));
    } finally {
      setIsExporting(false);
    }
  };

  return (
    <Card
      title={t('title')}
      extra={
        <Space wrap>
          <DatePicker.RangePicker
            allowClear={false}
            value={range}
            aria-label={t('range')}
            presets={[
              { label: t('last7'), value: [chinaToday().subtract(6, 'day'), chinaToday()] },
              { label: t('last30'), value: [chinaToday().subtract(29, 'day'), chinaToday()] },
              { label: t('thisMonth'), value: [chinaToday().startOf('month'), chinaToday()] },
              // Occupancy of the coming shows: what is selling.
              { label: t('next7'), value: [chinaToday(), chinaToday().add(6, 'day')] },
            ]}
            disabledDate={(current, info) =>
              info.from !== undefined && Math.abs(current.diff(info.from, 'day')) >= REPORT_MAX_DAYS
            }
            onChange={(value) => {
              if (value?.[0] && value[1]) setRange([value[0], value[1]]);
            }}
          />
          <Select
            allowClear
            style={{ width: 240 }}
            disabled={isSiteWide}
            placeholder={props.staff.role === 'owner' ? t('allCinemas') : t('myCinemas')}
            value={cinemaId}
            onChange={(value?: string) => setCinemaId(value)}
            options={props.staff.cinemas.map((cinema) => ({
              value: cinema.id,
              label: localNameOf(cinema),
            }))}
            data-testid="report-cinema"
          />
        </Space>
      }
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
        {t('hint')}
      </Typography.Paragraph>
      <Tabs
        activeKey={active}
        onChange={(key) => choose(key as ReportName)}
        destroyOnHidden
        tabBarExtraContent={
          <Button
            icon={<DownloadOutlined />}
            loading={isExporting}
            onClick={() => void exportCsv()}
            data-testid="export-csv"
          >
            {isExporting ? t('exporting') : t('exportCsv')}
          </Button>
        }
        items={names.map((name) => {
          const Panel = panels[name];
          return { key: name, label: t(name), children: <Panel query={query} /> };
        })}
      />
    </Card>
  );
}
