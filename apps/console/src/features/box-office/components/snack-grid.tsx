import { Alert, Empty, Spin } from 'antd';
import { yuanToFen } from '@marquee/contracts';
import { yuan } from '@/lib/money';
import { useCounterGoods } from '../api/use-counter-goods';
import type { Basket, BasketSnack } from '../basket';
import { snackLimit } from '../basket';
import { boxOfficeMessages } from '../box-office-messages';

/** The cinema's snacks as buttons, one per variant; a tap adds one to the basket. */
export function SnackGrid(props: {
  cinemaId: string;
  basket: Basket;
  isDisabled: boolean;
  onAdd: (snack: Omit<BasketSnack, 'quantity'>) => void;
}) {
  const t = boxOfficeMessages.useMessages();
  const goods = useCounterGoods(props.cinemaId);
  if (goods.isPending) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  if (goods.isError) return <Alert type="error" showIcon message={goods.error.message} />;
  const items = goods.data.list.flatMap((item) =>
    item.variants.map((variant) => ({
      goodsId: item.goodsId,
      variantId: variant.goodsInfoId,
      name: item.goodsName,
      spec: variant.goodsInfoName,
      unitFen: yuanToFen(variant.price),
      stockLeft: variant.stock,
    })),
  );
  if (items.length === 0) return <Empty description={t('noSnacks')} style={{ marginTop: 48 }} />;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8, minHeight: 0 }}>
      {props.isDisabled && (
        <Alert
          type="info"
          showIcon
          message={t('snacksNeedSeats')}
          data-testid="snacks-need-seats"
        />
      )}
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
          gap: 10,
          alignContent: 'start',
          overflow: 'auto',
          minHeight: 0,
        }}
        data-testid="snack-grid"
      >
        {items.map((item) => {
          const inBasket =
            props.basket.snacks.find((line) => line.variantId === item.variantId)?.quantity ?? 0;
          const isOut = item.stockLeft <= 0;
          const isFull = inBasket >= snackLimit(item);
          const isDisabled = props.isDisabled || isOut || isFull;
          return (
            <button
              key={item.variantId}
              type="button"
              disabled={isDisabled}
              onClick={() => props.onAdd(item)}
              data-testid="snack-button"
              data-name={`${item.name} ${item.spec}`.trim()}
              style={{
                position: 'relative',
                minHeight: 84,
                padding: '10px 12px',
                textAlign: 'left',
                border: `1px solid ${inBasket > 0 ? '#1677ff' : '#d9d9d9'}`,
                borderRadius: 10,
                background: isDisabled ? '#fafafa' : '#fff',
                color: isDisabled ? '#8c8c8c' : '#1f1f1f',
                cursor: isDisabled ? 'not-allowed' : 'pointer',
                touchAction: 'manipulation',
              }}
            >
              <div style={{ fontSize: 16, fontWeight: 600 }}>{item.name}</div>
              <div style={{ fontSize: 13, color: '#595959' }}>{item.spec || '\u00a0'}</div>
              <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 4 }}>
                <span style={{ fontSize: 16, fontWeight: 600 }}>{yuan(item.unitFen)}</span>
                <span style={{ fontSize: 12, color: isOut ? '#cf1322' : '#8c8c8c' }}>
                  {isOut ? t('outOfStock') : t('stockLeft', { count: item.stockLeft })}
                </span>
              </div>
              {inBasket > 0 && (
                <span
                  style={{
                    position: 'absolute',
                    top: -8,
                    right: -8,
                    minWidth: 26,
                    height: 26,
                    borderRadius: 13,
                    background: '#1677ff',
                    color: '#fff',
                    fontWeight: 700,
                    lineHeight: '26px',
                    textAlign: 'center',
                  }}
                >
                  {inBasket}
                </span>
              )}
            </button>
          );
        })}
      </div>
    </div>
  );
}
