import { useMemo, useState } from 'react';
import { App, Button, Card, DatePicker, Select, Space, Table, Typography } from 'antd';
import { CopyOutlined, LeftOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import type { ScheduleShow } from '@marquee/contracts/console';
import { addDays, chinaTime, chinaToday } from '@/lib/china-time';
import { getLang } from '@/lib/i18n/i18n';
import { useScheduleWeek } from '../api/use-schedule-week';
import { useTakeOffSale } from '../api/use-take-off-sale';
import { scheduleMessages } from '../schedule-messages';
import { CancelShowModal } from './cancel-show-modal';
import { EditShowModal } from './edit-show-modal';
import { CopyShowsModal } from './copy-shows-modal';
import { ShowBlock } from './show-block';
import { ShowFormModal, type HallOption } from './show-form-modal';
import { ShowSeatsModal } from './show-seats-modal';
import { localNameOf } from '@/lib/local-name';

const weekdays = {
  zh: ['周日', '周一', '周二', '周三', '周四', '周五', '周六'],
  en: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
};

type HallRow = HallOption & { shows: ScheduleShow[] };

/** The schedule page: pick a cinema and a week; halls down, days across, shows in each cell. */
export function ScheduleBoard(props: { cinemas: { id: string; name: string }[] }) {
  const t = scheduleMessages.useMessages();
  const { message, modal } = App.useApp();
  const [cinemaId, setCinemaId] = useState(props.cinemas[0]?.id);
  const [from, setFrom] = useState(chinaToday);
  const week = useScheduleWeek(cinemaId, from);
  const offSale = useTakeOffSale();
  const [isAdding, setAdding] = useState(false);
  const [defaultStart, setDefaultStart] = useState<Dayjs | null>(null);
  const [isCopying, setCopying] = useState(false);
  const [cancelling, setCancelling] = useState<ScheduleShow | null>(null);
  const [seatsOf, setSeatsOf] = useState<ScheduleShow | null>(null);
  const [editing, setEditing] = useState<ScheduleShow | null>(null);
  const data = week.data;
  const areaNames = useMemo(
    () =>
      new Map(data?.halls.flatMap((h) => h.priceAreas.map((a) => [a.id, localNameOf(a)])) ?? []),
    [data],
  );

  const confirmOffSale = (show: ScheduleShow) =>
    modal.confirm({
      title: t('offSaleConfirm', {
        film: show.filmTitle,
        time: chinaTime(show.startAt).format('MM-DD HH:mm'),
      }),
      okText: t('offSale'),
      onOk: () =>
        offSale.mutateAsync({ showId: show.showId }).then(
          () => void message.success(t('offSaleDone')),
          (error: Error) => void message.error(error.message),
        ),
    });
  const addOn = (day: string | null) => {
    setDefaultStart(day ? dayjs(`${day}T19:00`) : null);
    setAdding(true);
  };
  const lang = getLang();

  return (
    <Card
      title={t('title')}
      extra={
        <Space wrap>
          <Select
            aria-label={t('cinema')}
            style={{ width: 240 }}
            value={cinemaId}
            onChange={setCinemaId}
            options={props.cinemas.map((c) => ({ value: c.id, label: localNameOf(c) }))}
          />
          <Button icon={<LeftOutlined />} onClick={() => setFrom(addDays(from, -7))}>
            {t('prevWeek')}
          </Button>
          <DatePicker
            allowClear={false}
            value={dayjs(from)}
            onChange={(value: Dayjs | null) => value && setFrom(value.format('YYYY-MM-DD'))}
          />
          <Button onClick={() => setFrom(addDays(from, 7))}>
            {t('nextWeek')} <RightOutlined />
          </Button>
          <Button icon={<CopyOutlined />} disabled={!cinemaId} onClick={() => setCopying(true)}>
            {t('copy')}
          </Button>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={!data}
            onClick={() => addOn(null)}
          >
            {t('addShow')}
          </Button>
        </Space>
      }
    >
      {data && (
        <Typography.Paragraph type="secondary">
          {t('cleaning', { n: data.cleaningMinutes })}
        </Typography.Paragraph>
      )}
      <Table<HallRow>
        rowKey="id"
        size="small"
        bordered
        pagination={false}
        loading={week.isFetching}
        dataSource={data?.halls ?? []}
        scroll={{ x: 1060 }}
        columns={[
          {
            title: t('hall'),
            dataIndex: 'name',
            fixed: 'left',
            width: 90,
            render: (_: string, hall: HallRow) => (
              <Typography.Text strong>{localNameOf(hall)}</Typography.Text>
            ),
          },
          ...(data?.days ?? []).map((day) => ({
            key: day,
            width: 138,
            onCell: () => ({ style: { verticalAlign: 'top' as const, padding: 6 } }),
            title: (
              <Button type="link" size="small" style={{ padding: 0 }} onClick={() => addOn(day)}>
                {`${day.slice(5)} ${weekdays[lang][dayjs(day).day()]}`}
                {day === chinaToday() ? ' ●' : ''}
              </Button>
            ),
            render: (_: unknown, hall: HallRow) => {
              const shows = hall.shows.filter((show) => show.showDate === day);
              return shows.length === 0 ? (
                <Typography.Text type="secondary">{t('noShows')}</Typography.Text>
              ) : (
                shows.map((show) => (
                  <ShowBlock
                    key={show.showId}
                    show={show}
                    areaNames={areaNames}
                    onOffSale={confirmOffSale}
                    onCancel={setCancelling}
                    onSeats={setSeatsOf}
                    onEdit={setEditing}
                  />
                ))
              );
            },
          })),
        ]}
      />
      <ShowFormModal
        open={isAdding}
        halls={data?.halls ?? []}
        defaultStart={defaultStart}
        onClose={() => setAdding(false)}
      />
      {cinemaId && (
        <CopyShowsModal
          open={isCopying}
          cinemaId={cinemaId}
          weekFrom={from}
          onClose={() => setCopying(false)}
        />
      )}
      <CancelShowModal show={cancelling} onClose={() => setCancelling(null)} />
      <EditShowModal show={editing} onClose={() => setEditing(null)} />
      <ShowSeatsModal
        key={seatsOf?.showId ?? 'none'}
        show={seatsOf}
        onClose={() => setSeatsOf(null)}
      />
    </Card>
  );
}
