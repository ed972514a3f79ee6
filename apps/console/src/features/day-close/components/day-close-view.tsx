import { useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  DatePicker,
  Descriptions,
  Input,
  Result,
  Row,
  Select,
  Space,
  Spin,
  Table,
  Tag,
  Typography,
} from 'antd';
import { CheckCircleOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { yuanToFen } from '@marquee/contracts';
import type { DayCloseView as DayView, Shift } from '@marquee/contracts/console';
import { chinaBusinessToday, chinaDateTime } from '@/lib/china-time';
import { yuan } from '@/lib/money';
import { useCloseDay, useDayCloseView } from '../api/use-day-close';
import { dayCloseMessages } from '../day-close-messages';
import { localNameOf } from '@/lib/local-name';

const money = (yuanAmount: number) => yuan(yuanToFen(yuanAmount));

/**
 * 日结 for a manager: pick the cinema and the business day; see its shifts (every one must be
 * closed), the totals by channel and by payment method, refunds and voids, the cash against what
 * was expected; confirm the close. A closed day says by whom and when.
 */
export function DayCloseView(props: {
  cinemas: readonly { id: string; name: string }[];
  onBack: () => void;
}) {
  const t = dayCloseMessages.useMessages();
  const [cinemaId, setCinemaId] = useState<string | undefined>(props.cinemas[0]?.id);
  const [date, setDate] = useState(chinaBusinessToday());
  const view = useDayCloseView(cinemaId, date);

  return (
    <div style={{ maxWidth: 1100, margin: '0 auto' }} data-testid="day-close">
      <Space wrap style={{ marginBottom: 16 }} size="middle">
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('title')}
        </Typography.Title>
        <Select
          size="large"
          style={{ minWidth: 220 }}
          value={cinemaId}
          placeholder={t('noCinema')}
          onChange={setCinemaId}
          options={props.cinemas.map((cinema) => ({
            value: cinema.id,
            label: localNameOf(cinema),
          }))}
          aria-label={t('cinema')}
          data-testid="day-close-cinema"
        />
        <DatePicker
          size="large"
          allowClear={false}
          value={dayjs(date)}
          onChange={(value) => value && setDate(value.format('YYYY-MM-DD'))}
          disabledDate={(day) => day.format('YYYY-MM-DD') > chinaBusinessToday()}
          aria-label={t('date')}
          data-testid="day-close-date"
        />
        <Typography.Text type="secondary">{t('dateHint')}</Typography.Text>
        <Button onClick={props.onBack} style={{ height: 40 }}>
          {t('backToTill')}
        </Button>
      </Space>
      {view.isPending && cinemaId && <Spin style={{ display: 'block', margin: '48px auto' }} />}
      {view.isError && <Alert type="error" showIcon message={view.error.message} />}
      {view.data && <DayFigures view={view.data} />}
    </div>
  );
}

function DayFigures(props: { view: DayView }) {
  const t = dayCloseMessages.useMessages();
  const { view } = props;
  const { totals } = view;
  const openNames = view.shifts
    .filter((shift) => shift.status === 'open')
    .map((shift) => shift.staffName)
    .join('、');
  const differenceText = (yuanAmount: number | null) => {
    if (yuanAmount === null) return '—';
    const fen = yuanToFen(yuanAmount);
    if (fen > 0) return t('over', { amount: yuan(fen) });
    if (fen < 0) return t('short', { amount: yuan(-fen) });
    return t('even');
  };
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {view.isClosed ? (
        <div data-testid="day-closed">
          <Result
            status="success"
            icon={<CheckCircleOutlined />}
            title={t('closed', { date: view.businessDate })}
            subTitle={t('closedBy', {
              name: view.closedBy ?? '—',
              time: chinaDateTime(view.closedAt),
            })}
            style={{ padding: 16, background: '#fff' }}
          />
        </div>
      ) : view.openShifts > 0 ? (
        <Alert
          type="warning"
          showIcon
          message={t('open', { date: view.businessDate })}
          description={t('openShifts', { count: view.openShifts, names: openNames })}
          data-testid="day-open-shifts"
        />
      ) : (
        <Alert
          type="info"
          showIcon
          message={t('open', { date: view.businessDate })}
          description={t('allShiftsClosed')}
        />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card size="small" title={t('byChannel')}>
            <Table
              size="small"
              pagination={false}
              rowKey="channel"
              dataSource={totals.byChannel}
              columns={[
                {
                  title: t('channel'),
                  dataIndex: 'channel',
                  render: (channel: string) => t(channel as 'online' | 'counter'),
                },
                { title: t('orders'), dataIndex: 'orders' },
                { title: t('sales'), dataIndex: 'sales', render: money },
              ]}
              data-testid="day-by-channel"
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title={t('byMethod')}>
            <Table
              size="small"
              pagination={false}
              rowKey="method"
              dataSource={totals.byMethod}
              columns={[
                {
                  title: t('method'),
                  dataIndex: 'method',
                  render: (method: 'cash' | 'card' | 'wechat') => t(method),
                },
                {
                  title: t('sales'),
                  render: (_, row) => `${money(row.sales)} (${row.salesCount})`,
                },
                {
                  title: t('refunds'),
                  render: (_, row) => `${money(row.refunds)} (${row.refundsCount})`,
                },
              ]}
              data-testid="day-by-method"
            />
          </Card>
        </Col>
      </Row>
      <Card size="small" title={t('summary')}>
        <Descriptions column={{ xs: 1, md: 2 }} size="small">
          <Descriptions.Item label={t('sales')}>
            <span data-testid="day-sales">{money(totals.sales)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('refunds')}>
            {t('totalRefunds', { amount: money(totals.refunds), count: totals.refundsCount })}
          </Descriptions.Item>
          <Descriptions.Item label={t('itemsLabel')}>
            {t('ticketsSnacks', { tickets: totals.tickets, snacks: totals.snacks })}
          </Descriptions.Item>
          <Descriptions.Item label={t('voidsLabel')}>
            {t('voids', { count: totals.voids })}
          </Descriptions.Item>
          <Descriptions.Item label={t('counted')} span={2}>
            {t('cashLine', {
              expected: money(totals.cashExpected),
              counted: money(totals.cashCounted),
              difference: differenceText(totals.cashDifference),
            })}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <ShiftsTable shifts={view.shifts} differenceText={differenceText} />
      {!view.isClosed && <CloseDayForm view={view} />}
    </Space>
  );
}

function ShiftsTable(props: {
  shifts: Shift[];
  differenceText: (yuanAmount: number | null) => string;
}) {
  const t = dayCloseMessages.useMessages();
  return (
    <Card size="small" title={t('shifts')}>
      <Table
        size="small"
        pagination={false}
        rowKey="shiftId"
        dataSource={props.shifts}
        locale={{ emptyText: t('noShifts') }}
        columns={[
          { title: t('cashier'), dataIndex: 'staffName' },
          {
            title: t('status'),
            dataIndex: 'status',
            render: (status: Shift['status']) =>
              status === 'open' ? (
                <Tag color="orange">{t('shiftOpen')}</Tag>
              ) : (
                <Tag color="green">{t('shiftClosed')}</Tag>
              ),
          },
          { title: t('opened'), dataIndex: 'openedAt', render: (at: string) => chinaDateTime(at) },
          { title: t('float'), dataIndex: 'float', render: money },
          { title: t('expected'), dataIndex: 'expectedCash', render: money },
          {
            title: t('counted'),
            dataIndex: 'countedCash',
            render: (value: number | null) => (value === null ? '—' : money(value)),
          },
          {
            title: t('difference'),
            dataIndex: 'difference',
            render: (value: number | null) => props.differenceText(value),
          },
        ]}
        data-testid="day-shifts"
      />
    </Card>
  );
}

function CloseDayForm(props: { view: DayView }) {
  const t = dayCloseMessages.useMessages();
  const { modal, message } = App.useApp();
  const close = useCloseDay();
  const [note, setNote] = useState('');
  const { view } = props;
  const confirm = () =>
    modal.confirm({
      title: t('confirmTitle', { cinema: view.cinemaName, date: view.businessDate }),
      content: t('confirmText'),
      okText: t('confirmOk'),
      cancelText: t('cancel'),
      okButtonProps: { 'data-testid': 'day-close-ok' },
      onOk: () =>
        close
          .mutateAsync({
            cinemaId: view.cinemaId,
            businessDate: view.businessDate,
            note: note.trim() || undefined,
          })
          .then(() => void message.success(t('dayClosed')))
          .catch((error: Error) => void message.error(error.message)),
    });
  return (
    <Card size="small">
      <Input.TextArea
        rows={2}
        maxLength={200}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        placeholder={t('notePlaceholder')}
        aria-label={t('note')}
      />
      <Button
        type="primary"
        size="large"
        disabled={view.openShifts > 0}
        loading={close.isPending}
        onClick={confirm}
        style={{ marginTop: 12, height: 52, minWidth: 200 }}
        data-testid="day-close-confirm"
      >
        {t('closeDay')}
      </Button>
    </Card>
  );
}
