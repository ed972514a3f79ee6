import type { OrderSummary } from '@marquee/contracts';
import { useEffect, useRef, useState } from 'react';
import { Toast } from '@/lib/antd-mobile-imperative';
import { ShopbagOutline } from 'antd-mobile-icons';
import { ErrorCode, formatYuan, isMobilePhone, yuanToFen } from '@marquee/contracts';
import { Link, useNavigate } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { isApiError } from '@/lib/api/api-error';
import { useCreateStoreOrder } from '../api/create-store-order';
import { cartTotalFen } from '../cart-store';
import { cartStore, useCart } from '../hooks/use-cart';
import { storeMessages } from '../store-messages';
import { LineThumb } from './line-thumb';
import { PickupCinemaPicker, type PickupCinema } from './pickup-cinema-picker';
import { defaultPickupCinemaId } from '../pickup-default';
import { QuantityStepper } from './quantity-stepper';
import './store.css';
import './checkout.css';
import { paths } from '@/lib/paths';

interface StockProblem {
  goodsInfoId: string;
  name: string;
  available: number;
}

function stockProblemOf(error: unknown): StockProblem | null {
  if (!isApiError(error) || error.code !== ErrorCode.OUT_OF_STOCK) return null;
  const data = (error.data ?? {}) as Record<string, unknown>;
  if (typeof data.goodsInfoId !== 'string') return null;
  return {
    goodsInfoId: data.goodsInfoId,
    name: typeof data.name === 'string' ? data.name : '',
    available: typeof data.available === 'number' ? Math.max(0, data.available) : 0,
  };
}

/**
 * /store/order/payment before the order exists: the lines (still adjustable), the pickup cinema and
 * the phone. 提交订单 makes the order (its stock reserved) and moves on to paying it.
 */
export function StoreCheckout(props: {
  defaultPhone: string;
  cinemas: readonly PickupCinema[];
  isLoadingCinemas: boolean;
  isCinemasFailed: boolean;
  /** The user's latest film orders: the pickup starts at the cinema of their latest ticket. */
  filmOrders?: readonly Pick<OrderSummary, 'status' | 'cinemaId'>[];
}) {
  const t = storeMessages.useT();
  const navigate = useNavigate();
  const { checkout, pickupCinemaId } = useCart();
  const create = useCreateStoreOrder();
  const [phone, setPhone] = useState(props.defaultPhone);
  const [isPhoneChecked, setPhoneChecked] = useState(false);
  const [chosenCinemaId, setChosenCinemaId] = useState(pickupCinemaId);
  const [problem, setProblem] = useState<StockProblem | null>(null);
  const isCreating = useRef(false);

  // The user info may arrive after the first paint: fill the phone then, unless typed meanwhile.
  const [prefilled, setPrefilled] = useState(props.defaultPhone);
  if (props.defaultPhone !== prefilled) {
    setPrefilled(props.defaultPhone);
    if (phone === '' || phone === prefilled) setPhone(props.defaultPhone);
  }

  // The order was made already (its payment failed or was cancelled): pay that one again.
  const orderId = checkout?.orderId;
  useEffect(() => {
    if (orderId && !isCreating.current)
      navigate(paths.storeOrderPayment(orderId), { replace: true });
  }, [orderId, navigate]);

  const lines = checkout?.lines ?? [];
  if (!checkout || lines.length === 0 || orderId) {
    return (
      <EmptyState
        icon={<ShopbagOutline />}
        title={t('noLines')}
        description={t('noLinesHint')}
        action={
          <Link to={paths.storeProductList()} className="button button--primary">
            {t('goShopping')}
          </Link>
        }
      />
    );
  }

  const startId = defaultPickupCinemaId(
    props.cinemas.map((option) => option.id),
    chosenCinemaId,
    props.filmOrders ?? [],
  );
  const cinema = props.cinemas.find((option) => option.id === startId);
  // The same pattern the server's mobilePhoneSchema checks (contracts rules/phone.ts).
  const isPhoneValid = isMobilePhone(phone);
  const isPhoneWrong = isPhoneChecked && !isPhoneValid;
  const hasEmptyLine = lines.some((line) => line.quantity <= 0);
  const totalFen = cartTotalFen(lines);

  const submit = async () => {
    setPhoneChecked(true);
    if (!isPhoneValid) {
      document.getElementById('checkout-phone')?.focus();
      return;
    }
    if (!cinema || hasEmptyLine) return;
    setProblem(null);
    isCreating.current = true;
    try {
      const order = await create.mutateAsync({
        cinemaId: cinema.id,
        phone: phone.trim(),
        items: lines.map((line) => ({ goodsInfoId: line.goodsInfoId, quantity: line.quantity })),
      });
      cartStore.setPickupCinema(cinema.id);
      cartStore.orderCreated(order.orderId);
      navigate(paths.storeOrderPayment(order.orderId), {
        replace: true,
        state: { isJustCreated: true },
      });
    } catch (error) {
      isCreating.current = false;
      const stock = stockProblemOf(error);
      if (stock) {
        cartStore.limitCheckoutLine(stock.goodsInfoId, stock.available);
        setProblem(stock);
        return;
      }
      Toast.show({ content: error instanceof Error ? error.message : String(error) });
    }
  };

  return (
    <div className="checkout">
      {problem && (
        <p className="checkout__alert" role="alert" data-testid="stock-problem">
          {problem.available > 0
            ? t('outOfStock', { name: problem.name, count: problem.available })
            : t('outOfStockNone', { name: problem.name })}
        </p>
      )}

      <section className="store-card checkout__pickup">
        <PickupCinemaPicker
          cinemas={props.cinemas}
          value={cinema}
          isLoading={props.isLoadingCinemas}
          isFailed={props.isCinemasFailed}
          onChange={(next) => setChosenCinemaId(next.id)}
        />
      </section>

      <section className="store-card" aria-labelledby="checkout-items">
        <h2 id="checkout-items" className="store-card__title">
          {t('items')}
        </h2>
        <ul className="line-list">
          {lines.map((line) => {
            const isShort = problem?.goodsInfoId === line.goodsInfoId;
            return (
              <li
                key={line.goodsInfoId}
                className={`line-item${isShort ? ' line-item--short' : ''}`}
                data-testid="checkout-line"
              >
                <LineThumb line={line} />
                <span className="line-item__side">
                  <span className="line-item__price">
                    ¥{formatYuan(yuanToFen(line.price) * Math.max(line.quantity, 1))}
                  </span>
                  {line.quantity > 0 ? (
                    <QuantityStepper
                      name={`${line.goodsName} ${line.goodsInfoName}`}
                      value={line.quantity}
                      max={line.maxQuantity}
                      isRemovable={lines.length > 1}
                      onChange={(quantity) =>
                        cartStore.setCheckoutQuantity(line.goodsInfoId, quantity)
                      }
                    />
                  ) : (
                    <button
                      type="button"
                      className="line-item__remove"
                      aria-label={t('removeLine', { name: line.goodsName })}
                      onClick={() => cartStore.removeCheckoutLine(line.goodsInfoId)}
                    >
                      {t('remove')}
                    </button>
                  )}
                  {isShort && (
                    <span className="line-item__warn">
                      {line.quantity > 0
                        ? t('lineShort', { count: problem.available })
                        : t('lineGone')}
                    </span>
                  )}
                </span>
              </li>
            );
          })}
        </ul>
      </section>

      <section className="store-card">
        <label className="checkout__phone" htmlFor="checkout-phone">
          <span>{t('phone')}</span>
          <input
            id="checkout-phone"
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            maxLength={11}
            value={phone}
            placeholder={t('phonePlaceholder')}
            aria-invalid={isPhoneWrong}
            aria-describedby="checkout-phone-hint"
            onBlur={() => phone !== '' && setPhoneChecked(true)}
            onChange={(event) => setPhone(event.target.value.replace(/\D/g, ''))}
          />
        </label>
        <p
          id="checkout-phone-hint"
          className={isPhoneWrong ? 'checkout__error' : 'checkout__hint'}
          role={isPhoneWrong ? 'alert' : undefined}
        >
          {isPhoneWrong ? t('phoneInvalid') : t('phoneHint')}
        </p>
      </section>

      <div className="checkout-bar">
        <p className="cart-bar__total">
          <span>{t('cartTotal')}</span>
          <strong data-testid="checkout-total">¥{formatYuan(totalFen)}</strong>
        </p>
        <button
          type="button"
          className="button button--primary checkout-bar__submit"
          disabled={create.isPending || !cinema || hasEmptyLine}
          onClick={() => void submit()}
        >
          {create.isPending ? t('submitting') : t('submit')}
        </button>
      </div>
    </div>
  );
}
