import { useEffect, useState } from 'react';
import { Toast } from '@/lib/antd-mobile-imperative';
import { ShopbagOutline } from 'antd-mobile-icons';
import { formatYuan, yuanToFen, type GoodsDetail } from '@marquee/contracts';
import { Link, useNavigate } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { useGoodsDetail } from '../api/get-goods-detail';
import { cartCount, type CartLine } from '../cart-store';
import {
  clampQuantity,
  initialVariant,
  LOW_STOCK_THRESHOLD,
  MAX_LINE_QUANTITY,
  maxQuantityOf,
} from '../goods-rules';
import { cartStore, useCart } from '../hooks/use-cart';
import { storeMessages } from '../store-messages';
import { CartSheet } from './cart-sheet';
import { QuantityStepper } from './quantity-stepper';
import { VariantPicker } from './variant-picker';
import './store.css';
import './product.css';
import { paths } from '@/lib/paths';
import { QueryView } from '@/components/ui/query-view';

/** /store/product/detail?id=: the goods item, its variants, the quantity, the cart and 立即购买. */
export function GoodsDetailView(props: { goodsId: string }) {
  const t = storeMessages.useT();
  const { pickupCinemaId } = useCart();
  const detail = useGoodsDetail(props.goodsId, pickupCinemaId);
  const notFound = {
    icon: <ShopbagOutline />,
    title: t('goodsNotFound'),
    action: (
      <Link to={paths.storeProductList()} className="button button--primary">
        {t('backToStore')}
      </Link>
    ),
  };
  if (!props.goodsId) return <EmptyState {...notFound} />;
  return (
    <QueryView query={detail} failureTitle={t('detailFailed')} empty={notFound} isNotFoundEmpty>
      {(goods) => <GoodsDetailBody key={goods.id} goods={goods} />}
    </QueryView>
  );
}

function GoodsDetailBody(props: { goods: GoodsDetail }) {
  const t = storeMessages.useT();
  const navigate = useNavigate();
  const { goods } = props;
  const { lines } = useCart();
  const [isCartOpen, setCartOpen] = useState(false);
  // "已加入购物车" belongs to this page: it does not follow the user to the next one.
  useEffect(() => () => Toast.clear(), []);
  const [variantId, setVariantId] = useState(() => initialVariant(goods.goodsInfoList)?.id);
  const [wanted, setWanted] = useState(1);
  // A fresh look at the stock keeps the chosen variant and lowers the quantity if it must.
  const variant =
    goods.goodsInfoList.find((item) => item.id === variantId) ??
    initialVariant(goods.goodsInfoList);
  const max = variant ? maxQuantityOf(variant.stock) : 0;
  const quantity = clampQuantity(wanted, max);
  const canBuy = variant !== undefined && quantity > 0;
  const count = cartCount(lines);

  const lineOf = (): CartLine | null =>
    variant && canBuy
      ? {
          goodsId: goods.id,
          goodsInfoId: variant.id,
          goodsName: goods.name,
          goodsInfoName: variant.name,
          imageUrl: goods.imageUrl,
          price: variant.price,
          quantity,
          maxQuantity: max,
        }
      : null;
  const addToCart = () => {
    const line = lineOf();
    if (!line) return;
    const result = cartStore.add(line);
    if (!result.ok) {
      Toast.show({
        content:
          result.reason === 'CART_FULL'
            ? t('cartFull', { max: MAX_LINE_QUANTITY })
            : t('allSoldOut'),
      });
    } else {
      Toast.show({
        icon: 'success',
        content: result.isCapped ? t('maxReached', { max: line.maxQuantity }) : t('added'),
      });
    }
  };
  const buyNow = () => {
    const line = lineOf();
    if (!line) return;
    cartStore.checkoutNow([line]);
    navigate(paths.storeOrderPayment());
  };

  const isLow = variant !== undefined && variant.stock > 0 && variant.stock <= LOW_STOCK_THRESHOLD;
  return (
    <div className="product">
      <div className="product__picture">
        <img src={goods.imageUrl} alt={goods.name} width={375} height={260} />
      </div>
      <section className="store-card product__main">
        <p className="product__price">
          <span className="product__yuan">¥</span>
          <strong data-testid="product-price">
            {formatYuan(yuanToFen(variant?.price ?? goods.minPrice))}
          </strong>
          {variant?.originalPrice != null && variant.originalPrice > variant.price && (
            <s className="product__original">
              {t('originalPrice', { price: formatYuan(yuanToFen(variant.originalPrice)) })}
            </s>
          )}
        </p>
        <h2 className="product__name">{goods.name}</h2>
        <p className="product__desc">{goods.description}</p>
        {goods.tags.length > 0 && (
          <p className="product__tags">
            {goods.tags.map((tag) => (
              <span key={tag} className="store-tag">
                {tag}
              </span>
            ))}
          </p>
        )}
      </section>

      <section className="store-card">
        <VariantPicker
          variants={goods.goodsInfoList}
          current={variant}
          onChoose={(next) => setVariantId(next.id)}
        />
        <div className="product__quantity">
          <span id="quantity-label">{t('quantity')}</span>
          {isLow && (
            <span className="product__low" data-testid="low-stock">
              {t('lowStock', { count: variant.stock })}
            </span>
          )}
          {variant && variant.stock <= 0 && <span className="product__low">{t('allSoldOut')}</span>}
          <QuantityStepper
            name={goods.name}
            value={quantity}
            max={max}
            isDisabled={!canBuy}
            onChange={setWanted}
          />
        </div>
        {variant && (
          <p className="product__summary" aria-live="polite">
            <span>{t('selected', { name: variant.name })}</span>
            <strong data-testid="product-total">
              ¥{formatYuan(yuanToFen(variant.price) * Math.max(quantity, 1))}
            </strong>
          </p>
        )}
      </section>

      {goods.notice && (
        <section className="store-card">
          <h3 className="store-card__title">{t('notice')}</h3>
          <p className="product__notice">{goods.notice}</p>
        </section>
      )}

      <div className="product-bar">
        <button
          type="button"
          className="product-bar__cart"
          aria-label={t('cartCount', { count })}
          onClick={() => setCartOpen(true)}
        >
          <ShopbagOutline aria-hidden />
          <span>{t('cart')}</span>
          {count > 0 && (
            <span className="cart-bar__badge" aria-hidden data-testid="cart-count">
              {count}
            </span>
          )}
        </button>
        <button
          type="button"
          className="button product-bar__add"
          disabled={!canBuy}
          onClick={addToCart}
        >
          {t('addToCart')}
        </button>
        <button
          type="button"
          className="button button--primary product-bar__buy"
          disabled={!canBuy}
          onClick={buyNow}
        >
          {canBuy ? t('buyNow') : t('soldOut')}
        </button>
      </div>
      <CartSheet visible={isCartOpen} lines={lines} onClose={() => setCartOpen(false)} />
    </div>
  );
}
