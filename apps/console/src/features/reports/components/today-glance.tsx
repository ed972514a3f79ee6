import { useState } from 'react';
import {
  Alert,
  Card,
  Col,
  Empty,
  Grid,
  List,
  Progress,
  Row,
  Select,
  Space,
  Statistic,
  Table,
  Tag,
  Typography,
} from 'antd';
import type {
  AdvanceDay,
  SalesChannel,
  StaffMe,
  TodayOpenShift,
  TodayShow,
} from '@marquee/contracts/console';
import { cinemaDateOf } from '@marquee/contracts';
import { chinaClock, chinaDateTime } from '@/lib/china-time';
import { useToday } from '../api/use-today';
import { yuan } from '../format';
import { todayMessages } from '../today-messages';
import { localCinemaNameOf, localNameOf } from '@/lib/local-name';

const t = todayMessages.translate;

/**
 * Today at a glance, the console's home: today's sales by channel, the shows still to come and
 * how full they are, advance sales of the next days and goods running low. Owners (and managers
 * of several cinemas) pick a cinema; everyone else sees their own.
 */
export function TodayGlance(props: { staff: StaffMe }) {
  const [cinemaId, setCinemaId] = useState<string | undefined>(undefined);
  const today = useToday(cinemaId ? { cinemaId } : {});
  const canPick = props.staff.role === 'owner' || props.staff.cinemas.length > 1;
  const data = today.data;
  const isWide = Grid.useBreakpoint().md ?? false;

  return (
    <Card
      data-testid="today-glance"
      size={isWide ? 'default' : 'small'}
      title={
        <Space direction="vertical" size={0}>
          <span>{t('title')}</span>
          {data && (
            <Typography.Text type="secondary" style={{ fontSize: 13, fontWeight: 'normal' }}>
              {t('asOf', { date: data.date, time: chinaClock(data.asOf) })}
            </Typography.Text>
          )}
        </Space>
      }
      extra={
        canPick && (
          <Select
            allowClear
            style={{ width: 200 }}
            placeholder={props.staff.role === 'owner' ? t('allCinemas') : t('myCinemas')}
            value={cinemaId}
            onChange={(value?: string) => setCinemaId(value)}
            options={props.staff.cinemas.map((cinema) => ({
              value: cinema.id,
              label: localNameOf(cinema),
            }))}
            data-testid="today-cinema"
          />
        )
      }
      loading={!data && !today.isError}
    >
      {today.isError && (
        <Alert type="warning" showIcon message={t('failed', { msg: today.error.message })} />
      )}
      {data && (
        <>
          <Row gutter={[12, 12]} style={{ marginBottom: 12 }} data-testid="today-figures">
            <Figure title={t('online')} value={yuan(netOf(data.sales.channels, 'online'))} />
            <Figure title={t('counter')} value={yuan(netOf(data.sales.channels, 'counter'))} />
            <Figure
              title={t('tickets')}
              value={String(data.sales.ticketCount)}
              suffix={t('ticketsUnit')}
            />
            <Figure title={t('net')} value={yuan(data.sales.netFen)} hint={t('netHint')} />
            <Figure
              title={t('occupancy')}
              value={`${data.upcoming.percent}%`}
              hint={t('occupancyHint', {
                sold: data.upcoming.seatsSold,
                forSale: data.upcoming.seatsForSale,
              })}
            />
          </Row>
          <Row gutter={[12, 12]}>
            <Col xs={24} lg={14}>
              <UpcomingShows
                shows={data.upcoming.shows}
                cinemas={props.staff.cinemas}
                hasCinemaColumn={data.cinemas.length > 1}
                isWide={isWide}
              />
            </Col>
            <Col xs={24} lg={10}>
              <div style={{ display: 'grid', gap: 12 }}>
                <AdvanceSales days={data.advance} />
                <LowStock
                  variants={data.lowStock.variants}
                  cinemas={props.staff.cinemas}
                  hasCinemaNames={data.cinemas.length > 1}
                />
                {data.openShifts && (
                  <OpenShifts
                    shifts={data.openShifts}
                    cinemas={props.staff.cinemas}
                    today={data.date}
                    hasCinemaColumn={data.cinemas.length > 1}
                  />
                )}
              </div>
            </Col>
          </Row>
        </>
      )}
    </Card>
  );
}

const netOf = (channels: SalesChannel[], channel: SalesChannel['channel']) =>
  channels.find((row) => row.channel === channel)?.netFen ?? 0;

function Figure(props: { title: string; value: string; suffix?: string; hint?: string }) {
  return (
    <Col xs={12} md={8} lg={{ flex: '1' }}>
      <Card size="small" style={{ height: '100%' }}>
        <Statistic title={props.title} value={props.value} suffix={props.suffix || undefined} />
        {props.hint && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {props.hint}
          </Typography.Text>
        )}
      </Card>
    </Col>
  );
}

function UpcomingShows(props: {
  shows: TodayShow[];
  cinemas: StaffMe['cinemas'];
  hasCinemaColumn: boolean;
  isWide: boolean;
}) {
  return (
    <Card size="small" title={t('upcoming')} data-testid="today-upcoming">
      <Table<TodayShow>
        rowKey="showId"
        size="small"
        dataSource={props.shows}
        pagination={{ pageSize: 8, hideOnSinglePage: true, size: 'small' }}
        locale={{ emptyText: <Empty description={t('noUpcoming')} /> }}
        columns={[
          {
            title: t('startAt'),
            dataIndex: 'startAt',
            width: 64,
            render: (startAt: string) => chinaClock(startAt),
          },
          {
            title: t('film'),
            dataIndex: 'filmTitle',
            // A phone wraps long titles rather than cutting them.
            ellipsis: props.isWide,
            render: (title: string, show) => (
              <>
                <div>{title}</div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {props.hasCinemaColumn
                    ? `${localCinemaNameOf(show.cinemaName, props.cinemas)} · ${show.hallName}`
                    : show.hallName}
                </Typography.Text>
              </>
            ),
          },
          {
            title: t('sold'),
            key: 'sold',
            width: props.isWide ? 150 : 104,
            render: (_, show) => (
              <>
                <Progress percent={show.percent} size="small" showInfo={false} />
                <Typography.Text style={{ fontSize: 12 }}>
                  {show.seatsSold} / {show.seatsForSale} · {show.percent}%
                </Typography.Text>
              </>
            ),
          },
        ]}
      />
    </Card>
  );
}

function AdvanceSales(props: { days: AdvanceDay[] }) {
  const most = Math.max(1, ...props.days.map((day) => day.ticketFen));
  return (
    <Card size="small" title={t('advance')} data-testid="today-advance">
      <Table<AdvanceDay>
        rowKey="date"
        size="small"
        pagination={false}
        dataSource={props.days}
        columns={[
          {
            title: t('date'),
            dataIndex: 'date',
            width: 64,
            render: (date: string) => date.slice(5),
          },
          { title: t('advanceTickets'), dataIndex: 'ticketCount', align: 'right', width: 64 },
          {
            title: t('advanceFen'),
            dataIndex: 'ticketFen',
            render: (fen: number) => (
              <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
                <Progress
                  percent={(fen * 100) / most}
                  size="small"
                  showInfo={false}
                  style={{ flex: 1, margin: 0 }}
                />
                <span style={{ minWidth: 84, textAlign: 'right' }}>{yuan(fen)}</span>
              </div>
            ),
          },
        ]}
      />
    </Card>
  );
}

/** Cashiers with a shift open now: since when (cinema time; the date too when not today). */
function OpenShifts(props: {
  shifts: TodayOpenShift[];
  cinemas: StaffMe['cinemas'];
  today: string;
  hasCinemaColumn: boolean;
}) {
  return (
    <Card size="small" title={t('openShifts')} data-testid="today-open-shifts">
      {props.shifts.length === 0 ? (
        <Typography.Text type="secondary">{t('noOpenShifts')}</Typography.Text>
      ) : (
        <List
          size="small"
          dataSource={props.shifts}
          renderItem={(shift) => (
            <List.Item key={shift.shiftId} style={{ padding: '4px 0' }}>
              <span>
                {shift.staffName}
                {props.hasCinemaColumn && (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {' · '}
                    {localCinemaNameOf(shift.cinemaName, props.cinemas)}
                  </Typography.Text>
                )}
              </span>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('openSince', {
                  time:
                    cinemaDateOf(shift.openedAt) === props.today
                      ? chinaClock(shift.openedAt)
                      : chinaDateTime(shift.openedAt),
                })}
              </Typography.Text>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

/** Variants at or below their reorder level, per cinema (decision 050), and how many. */
function LowStock(props: {
  cinemas: StaffMe['cinemas'];
  variants: {
    variantId: string;
    cinemaId: string;
    cinemaName: string;
    goodsName: string;
    variantName: string;
    stock: number;
  }[];
  hasCinemaNames: boolean;
}) {
  return (
    <Card
      size="small"
      title={t('lowStockCount', { count: props.variants.length })}
      extra={
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('lowStockHint')}
        </Typography.Text>
      }
      data-testid="today-low-stock"
    >
      {props.variants.length === 0 ? (
        <Typography.Text type="secondary">{t('noLowStock')}</Typography.Text>
      ) : (
        <List
          size="small"
          dataSource={props.variants}
          renderItem={(variant) => (
            <List.Item
              key={`${variant.variantId}/${variant.cinemaId}`}
              style={{ padding: '4px 0' }}
            >
              <span>
                {variant.goodsName}
                {variant.variantName ? `（${variant.variantName}）` : ''}
                {props.hasCinemaNames && (
                  <Typography.Text type="secondary" style={{ marginLeft: 6 }}>
                    {localCinemaNameOf(variant.cinemaName, props.cinemas)}
                  </Typography.Text>
                )}
              </span>
              <Tag color={variant.stock === 0 ? 'red' : 'orange'}>
                {t('left', { count: variant.stock })}
              </Tag>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
