import { Toast } from '@/lib/antd-mobile-imperative';
import { formatYuan, yuanToFen, type FilmOrder, type SnackOffer } from '@marquee/contracts';
import { useState } from 'react';
import { QuantityStepper } from '@/components/ui/quantity-stepper';
import { QueryView } from '@/components/ui/query-view';
import { isApiError } from '@/lib/api/api-error';
import { useSnackOffers } from '../api/get-snack-offers';
import { useSetFilmOrderGoods } from '../api/set-film-order-goods';
import { snackMessages } from '../snack-messages';
import './snack-step.css';

/** Most units of one variant a snack line takes (the contract's limit). */
const MAX_PER_LINE = 20;

/**
 * The snack step after the seats are held (decision 029): the cinema's combos and popular goods,
 * each variant with a − n + stepper; "add" puts them into the same order (stock reserved with the
 * seats), "skip" goes on to pay with one tap. Opened again from the confirm page to change them.
 */
export function SnackStep(props: { order: FilmOrder; onDone: () => void }) {
  const t = snackMessages.useT();
  const offers = useSnackOffers(props.order.cinemaInfo.cinemaId);
  const save = useSetFilmOrderGoods();
  const [quantities, setQuantities] = useState<Record<string, number>>(() =>
    Object.fromEntries(props.order.goods.map((line) => [line.goodsInfoId, line.quantity])),
  );
  const chosen = Object.entries(quantities).filter(([, quantity]) => quantity > 0);
  const priceOf = (variantId: string) =>
    offers.data?.list
      .flatMap((goods) => goods.goodsInfoList)
      .find((variant) => variant.id === variantId)?.price ??
    props.order.goods.find((line) => line.goodsInfoId === variantId)?.price ??
    0;
  const totalFen = chosen.reduce(
    (sum, [variantId, quantity]) => sum + yuanToFen(priceOf(variantId)) * quantity,
    0,
  );
  const hadGoods = props.order.goods.length > 0;

  const submit = () => {
    save.mutate(
      {
        orderId: props.order.id,
        items: chosen.map(([goodsInfoId, quantity]) => ({ goodsInfoId, quantity })),
      },
      {
        onSuccess: props.onDone,
        onError: (error) => {
          Toast.show({ content: isApiError(error) ? error.message : t('loadFailed') });
          void offers.refetch();
        },
      },
    );
  };

  return (
    <section className="snack-step" aria-labelledby="snack-step-title" data-testid="snack-step">
      <header className="snack-step__head">
        <h2 id="snack-step-title">{t('title')}</h2>
        <p>{t('hint')}</p>
      </header>
      <QueryView
        query={offers}
        failureTitle={t('loadFailed')}
        isEmpty={(data) => data.list.length === 0}
        empty={{ title: t('none') }}
      >
        {(data) => (
          <ul className="snack-step__list">
            {data.list.map((goods) => (
              <SnackCard
                key={goods.id}
                goods={goods}
                quantities={quantities}
                onChange={(variantId, quantity) =>
                  setQuantities((old) => ({ ...old, [variantId]: quantity }))
                }
              />
            ))}
          </ul>
        )}
      </QueryView>
      <div className="snack-step__bar">
        <button
          type="button"
          className="button snack-step__skip"
          onClick={props.onDone}
          disabled={save.isPending}
          data-testid="snack-skip"
        >
          {t('skip')}
        </button>
        <button
          type="button"
          className="button button--primary snack-step__add"
          onClick={submit}
          disabled={save.isPending || (chosen.length === 0 && !hadGoods)}
          data-testid="snack-add"
        >
          {save.isPending
            ? t('adding')
            : chosen.length > 0
              ? t('add', { amount: formatYuan(totalFen) })
              : hadGoods
                ? t('removeAll')
                : t('add', { amount: formatYuan(0) })}
        </button>
      </div>
    </section>
  );
}

function SnackCard(props: {
  goods: SnackOffer;
  quantities: Record<string, number>;
  onChange: (variantId: string, quantity: number) => void;
}) {
  const t = snackMessages.useT();
  const { goods } = props;
  return (
    <li className="snack-card">
      <img src={goods.imageUrl} alt="" width={72} height={72} className="snack-card__image" />
      <div className="snack-card__body">
        <h3 className="snack-card__name">
          {goods.name}
          {goods.tags.includes('套餐') && <span className="snack-card__tag">{t('combo')}</span>}
        </h3>
        {goods.description && <p className="snack-card__description">{goods.description}</p>}
        <ul className="snack-card__variants">
          {goods.goodsInfoList.map((variant) => {
            const name =
              goods.goodsInfoList.length > 1 ? `${goods.name} ${variant.name}` : goods.name;
            const value = props.quantities[variant.id] ?? 0;
            const isSoldOut = variant.stock <= 0 && value === 0;
            return (
              <li key={variant.id} className="snack-card__variant">
                <span className="snack-card__variant-name">
                  {goods.goodsInfoList.length > 1 && <span>{variant.name}</span>}
                  <strong>¥{formatYuan(yuanToFen(variant.price))}</strong>
                </span>
                {isSoldOut ? (
                  <span className="snack-card__sold-out">{t('soldOut')}</span>
                ) : (
                  <QuantityStepper
                    value={value}
                    min={0}
                    max={Math.min(MAX_PER_LINE, Math.max(variant.stock, value))}
                    onChange={(quantity) => props.onChange(variant.id, quantity)}
                    labels={{
                      group: t('quantityOf', { name }),
                      decrease: t('decrease', { name }),
                      increase: t('increase', { name }),
                    }}
                    testId={`snack-quantity-${variant.id}`}
                  />
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </li>
  );
}
