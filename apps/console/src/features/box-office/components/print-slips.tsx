import { QRCode } from 'antd';
import { seatName, yuanToFen } from '@marquee/contracts';
import type { CounterPayMethod, PrintJob } from '@marquee/contracts/console';
import { chinaTime } from '@/lib/china-time';
import { getLang } from '@/lib/i18n/i18n';
import { yuan } from '@/lib/money';
import { boxOfficeMessages } from '../box-office-messages';

const when = (iso: string) => chinaTime(iso).format('YYYY-MM-DD HH:mm');
const money = (yuanAmount: number) => yuan(yuanToFen(yuanAmount));

/** The words of a payment method, as the till and its slips say them. */
export function useMethodName() {
  const t = boxOfficeMessages.useMessages();
  return (method: CounterPayMethod) => t(method);
}

/**
 * The slips of a sale for the 80 mm printer: one ticket per seat (film, time, hall, seat, price,
 * the QR the door scans) and the receipt; a reprint says 重打 / REPRINT on every slip.
 */
export function SaleSlips(props: { job: PrintJob }) {
  const t = boxOfficeMessages.useMessages();
  const methodName = useMethodName();
  const { job } = props;
  const { receipt } = job;
  const lang = getLang();
  const reprintMark = job.isReprint && (
    <div className="thermal-center">
      <span className="thermal-mark" data-testid="slip-reprint">
        {t('reprint')}
      </span>{' '}
      {t('reprintNo', { count: job.printCount })}
    </div>
  );
  return (
    <>
      {job.tickets.map((ticket) => (
        <section
          className="thermal-page"
          key={ticket.ticketCode + ticket.seatLabel}
          data-testid="slip-ticket"
        >
          <h1>{ticket.cinemaName}</h1>
          <div className="thermal-center">{t('ticketHead')}</div>
          {reprintMark}
          <div className="thermal-rule" />
          <h2>{ticket.filmTitle}</h2>
          <div>
            {when(ticket.startAt)} · {ticket.language} {ticket.format}
          </div>
          <div className="thermal-big">
            {ticket.hallName} {seatName(ticket.seatLabel, lang)}
          </div>
          <div>{t('price', { amount: money(ticket.price) })}</div>
          <div className="thermal-qr">
            <QRCode value={ticket.qrText} size={150} type="svg" bordered={false} />
          </div>
          <div className="thermal-center">{t('ticketCode', { code: ticket.ticketCode })}</div>
          <div className="thermal-center">{t('showAtDoor')}</div>
          <div className="thermal-rule" />
          <div>{t('orderNo', { orderNo: ticket.orderNo })}</div>
        </section>
      ))}
      <section className="thermal-page" data-testid="slip-receipt">
        <h1>{receipt.cinemaName}</h1>
        <div className="thermal-center">{receipt.cinemaAddress}</div>
        <div className="thermal-center">{t('receiptHead')}</div>
        {reprintMark}
        <div className="thermal-rule" />
        <div>{t('orderNo', { orderNo: receipt.orderNo })}</div>
        <div>{t('soldAt', { time: when(receipt.soldAt) })}</div>
        <div>{t('cashier', { name: receipt.cashierName })}</div>
        <div className="thermal-rule" />
        {receipt.lines.map((line, index) => (
          <div key={index}>
            <div>{line.text}</div>
            <div className="thermal-row">
              <span>
                {line.quantity} × {money(line.price)}
              </span>
              <span>{money(line.amount)}</span>
            </div>
          </div>
        ))}
        <div className="thermal-rule" />
        <div className="thermal-row thermal-big">
          <span>{t('receiptTotal')}</span>
          <span>{money(receipt.amount)}</span>
        </div>
        {receipt.payments.map((payment, index) => (
          <div className="thermal-row" key={index}>
            <span>{methodName(payment.method)}</span>
            <span>{money(payment.amount)}</span>
          </div>
        ))}
        {receipt.tendered !== null && (
          <div className="thermal-row">
            <span>{t('receiptTendered')}</span>
            <span>{money(receipt.tendered)}</span>
          </div>
        )}
        {receipt.change !== null && (
          <div className="thermal-row">
            <span>{t('receiptChange')}</span>
            <span>{money(receipt.change)}</span>
          </div>
        )}
        {receipt.refunded > 0 && (
          <div className="thermal-row">
            <span>{t('receiptRefunded')}</span>
            <span>{money(receipt.refunded)}</span>
          </div>
        )}
        {receipt.goodsCode && receipt.goodsQrText && (
          <>
            <div className="thermal-rule" />
            <div className="thermal-qr">
              <QRCode value={receipt.goodsQrText} size={130} type="svg" bordered={false} />
            </div>
            <div className="thermal-center">{t('goodsCode', { code: receipt.goodsCode })}</div>
          </>
        )}
        <div className="thermal-rule" />
        <div className="thermal-center">{t('thanks')}</div>
      </section>
    </>
  );
}
