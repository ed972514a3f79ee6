import { Descriptions, Table, Typography } from 'antd';
import { yuanToFen } from '@marquee/contracts';
import type { ShiftReport } from '@marquee/contracts/console';
import { chinaTime } from '@/lib/china-time';
import { yuan } from '@/lib/money';
import { boxOfficeMessages } from '../box-office-messages';
import { useMethodName } from './print-slips';

const money = (yuanAmount: number) => yuan(yuanToFen(yuanAmount));
const when = (iso: string) => chinaTime(iso).format('MM-DD HH:mm');

/** The difference of a counted drawer in words: 长款 (over), 短款 (short) or matching. */
export function useDifferenceText() {
  const t = boxOfficeMessages.useMessages();
  return (differenceYuan: number) => {
    const fen = yuanToFen(differenceYuan);
    if (fen > 0) return t('over', { amount: yuan(fen) });
    if (fen < 0) return t('shortCash', { amount: yuan(-fen) });
    return t('even');
  };
}

/** A closed (or running) shift's figures on screen: cash, difference, by payment method. */
export function ShiftReportView(props: { report: ShiftReport }) {
  const t = boxOfficeMessages.useMessages();
  const methodName = useMethodName();
  const differenceText = useDifferenceText();
  const { report } = props;
  const { shift } = report;
  const differenceFen = shift.difference === null ? null : yuanToFen(shift.difference);
  return (
    <div data-testid="shift-report">
      <Descriptions bordered size="small" column={2}>
        <Descriptions.Item label={t('shiftReport')} span={2}>
          {shift.staffName} · {shift.cinemaName} ·{' '}
          {t('shiftPeriod', {
            from: when(shift.openedAt),
            to: shift.closedAt ? when(shift.closedAt) : '…',
          })}
        </Descriptions.Item>
        <Descriptions.Item label={t('float')}>{money(shift.float)}</Descriptions.Item>
        <Descriptions.Item label={t('expected')}>{money(shift.expectedCash)}</Descriptions.Item>
        <Descriptions.Item label={t('counted')}>
          {shift.countedCash === null ? '—' : money(shift.countedCash)}
        </Descriptions.Item>
        <Descriptions.Item label={t('difference')}>
          {differenceFen === null ? (
            '—'
          ) : (
            <Typography.Text
              strong
              type={differenceFen < 0 ? 'danger' : differenceFen > 0 ? 'warning' : 'success'}
              data-testid="shift-difference"
            >
              {differenceText(shift.difference ?? 0)}
            </Typography.Text>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('reportOrders', { count: report.orders })} span={2}>
          {t('reportTicketsSnacks', { tickets: report.tickets, snacks: report.snacks })}
        </Descriptions.Item>
        {shift.note && (
          <Descriptions.Item label={t('note')} span={2}>
            {shift.note}
          </Descriptions.Item>
        )}
      </Descriptions>
      <Table
        style={{ marginTop: 12 }}
        size="small"
        pagination={false}
        rowKey="method"
        dataSource={report.byMethod}
        columns={[
          { title: t('method'), dataIndex: 'method', render: methodName },
          {
            title: t('methodSales'),
            render: (_, row) => `${money(row.sales)} (${row.salesCount})`,
          },
          {
            title: t('methodRefunds'),
            render: (_, row) => `${money(row.refunds)} (${row.refundsCount})`,
          },
        ]}
        data-testid="shift-methods"
      />
    </div>
  );
}

/** The shift report on the 80 mm printer. */
export function ShiftReportSlip(props: { report: ShiftReport }) {
  const t = boxOfficeMessages.useMessages();
  const methodName = useMethodName();
  const differenceText = useDifferenceText();
  const { report } = props;
  const { shift } = report;
  return (
    <section className="thermal-page" data-testid="slip-shift">
      <h1>{shift.cinemaName}</h1>
      <div className="thermal-center">{t('shiftReport')}</div>
      <div className="thermal-rule" />
      <div>{t('cashier', { name: shift.staffName })}</div>
      <div>
        {t('shiftPeriod', {
          from: when(shift.openedAt),
          to: shift.closedAt ? when(shift.closedAt) : '…',
        })}
      </div>
      <div className="thermal-rule" />
      {report.byMethod.map((row) => (
        <div key={row.method}>
          <div>{methodName(row.method)}</div>
          <div className="thermal-row">
            <span>{t('reportSales', { count: row.salesCount })}</span>
            <span>{money(row.sales)}</span>
          </div>
          <div className="thermal-row">
            <span>{t('reportRefunds', { count: row.refundsCount })}</span>
            <span>-{money(row.refunds)}</span>
          </div>
        </div>
      ))}
      <div className="thermal-rule" />
      <div>{t('reportTicketsSnacks', { tickets: report.tickets, snacks: report.snacks })}</div>
      <div className="thermal-rule" />
      <div className="thermal-row">
        <span>{t('float')}</span>
        <span>{money(shift.float)}</span>
      </div>
      <div className="thermal-row">
        <span>{t('expected')}</span>
        <span>{money(shift.expectedCash)}</span>
      </div>
      <div className="thermal-row">
        <span>{t('counted')}</span>
        <span>{shift.countedCash === null ? '—' : money(shift.countedCash)}</span>
      </div>
      <div className="thermal-row thermal-big">
        <span>{t('difference')}</span>
        <span>{shift.difference === null ? '—' : differenceText(shift.difference)}</span>
      </div>
      {shift.note && <div>{shift.note}</div>}
    </section>
  );
}
