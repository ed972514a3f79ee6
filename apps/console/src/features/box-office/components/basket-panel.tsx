import { Button, Typography } from 'antd';
import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { seatName } from '@marquee/contracts';
import { chinaClock } from '@/lib/china-time';
import { getLang } from '@/lib/i18n/i18n';
import { yuan } from '@/lib/money';
import { basketTotalFen, isBasketEmpty, snackLimit, type Basket } from '../basket';
import { boxOfficeMessages } from '../box-office-messages';

/** The sale being built: its show, a line per ticket and per snack, one total, and 收款. */
export function BasketPanel(props: {
  basket: Basket;
  show: { filmTitle: string; hallName: string; startAt: string } | null;
  holdExpiresAt: string | null;
  isHolding: boolean;
  canPay: boolean;
  problem: string | null;
  onQuantity: (variantId: string, quantity: number) => void;
  onClear: () => void;
  onPay: () => void;
}) {
  const t = boxOfficeMessages.useMessages();
  const { basket } = props;
  const totalFen = basketTotalFen(basket);
  const lang = getLang();
  return (
    <div
      style={{
        display: 'flex',
        flexDirection: 'column',
        background: '#fff',
        border: '1px solid #f0f0f0',
        borderRadius: 10,
        minHeight: 0,
        height: '100%',
      }}
      data-testid="basket"
    >
      <div
        style={{
          display: 'flex',
          alignItems: 'center',
          padding: '10px 14px',
          borderBottom: '1px solid #f0f0f0',
        }}
      >
        <Typography.Text strong style={{ fontSize: 17, flex: 1 }}>
          {t('basketTitle')}
        </Typography.Text>
        <Button
          onClick={props.onClear}
          disabled={isBasketEmpty(basket)}
          style={{ height: 44 }}
          data-testid="basket-clear"
        >
          {t('clearBasket')}
        </Button>
      </div>
      <div style={{ flex: 1, overflow: 'auto', padding: '8px 14px', minHeight: 0 }}>
        {isBasketEmpty(basket) && (
          <Typography.Paragraph type="secondary" style={{ marginTop: 24, textAlign: 'center' }}>
            {t('basketEmpty')}
          </Typography.Paragraph>
        )}
        {props.show && basket.tickets.length > 0 && (
          <div style={{ marginBottom: 8 }}>
            <Typography.Text strong>{props.show.filmTitle}</Typography.Text>
            <div style={{ color: '#595959', fontSize: 13 }}>
              {chinaClock(props.show.startAt)} · {props.show.hallName} ·{' '}
              {t('tickets', { count: basket.tickets.length })}
            </div>
          </div>
        )}
        {basket.tickets.map((ticket) => (
          <div
            key={ticket.label}
            style={{ display: 'flex', justifyContent: 'space-between', padding: '3px 0' }}
            data-testid="basket-ticket"
          >
            <span>{seatName(ticket.label, lang)}</span>
            <span>{yuan(ticket.priceFen)}</span>
          </div>
        ))}
        {basket.snacks.length > 0 && basket.tickets.length > 0 && (
          <div style={{ borderTop: '1px dashed #d9d9d9', margin: '8px 0' }} />
        )}
        {basket.snacks.map((snack) => (
          <div
            key={snack.variantId}
            style={{ display: 'flex', alignItems: 'center', gap: 6, padding: '4px 0' }}
            data-testid="basket-snack"
          >
            <span style={{ flex: 1, minWidth: 0, lineHeight: 1.3 }}>
              {snack.name}
              {snack.spec && (
                <span style={{ display: 'block', color: '#8c8c8c', fontSize: 12 }}>
                  {snack.spec}
                </span>
              )}
            </span>
            <Button
              icon={<MinusOutlined />}
              aria-label={t('less')}
              onClick={() => props.onQuantity(snack.variantId, snack.quantity - 1)}
              style={{ width: 44, height: 44 }}
            />
            <span style={{ width: 24, textAlign: 'center', fontWeight: 600 }}>
              {snack.quantity}
            </span>
            <Button
              icon={<PlusOutlined />}
              aria-label={t('more')}
              disabled={snack.quantity >= snackLimit(snack)}
              onClick={() => props.onQuantity(snack.variantId, snack.quantity + 1)}
              style={{ width: 44, height: 44 }}
            />
            <span style={{ width: 72, textAlign: 'right' }}>
              {yuan(snack.unitFen * snack.quantity)}
            </span>
          </div>
        ))}
      </div>
      <div style={{ padding: '10px 14px', borderTop: '1px solid #f0f0f0' }}>
        {props.problem && (
          <Typography.Paragraph
            type="danger"
            style={{ marginBottom: 6 }}
            data-testid="basket-problem"
          >
            {props.problem}
          </Typography.Paragraph>
        )}
        {props.holdExpiresAt && basket.tickets.length > 0 && (
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {props.isHolding
              ? t('holding')
              : t('heldUntil', { time: chinaClock(props.holdExpiresAt) })}
          </Typography.Text>
        )}
        <div style={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between' }}>
          <Typography.Text style={{ fontSize: 16 }}>{t('total')}</Typography.Text>
          <span style={{ fontSize: 30, fontWeight: 700 }} data-testid="basket-total">
            {yuan(totalFen)}
          </span>
        </div>
        <Button
          type="primary"
          block
          size="large"
          disabled={!props.canPay}
          loading={props.isHolding}
          onClick={props.onPay}
          style={{ height: 64, fontSize: 22, marginTop: 8 }}
          data-testid="basket-pay"
        >
          {t('pay', { amount: yuan(totalFen) })}
        </Button>
      </div>
    </div>
  );
}
