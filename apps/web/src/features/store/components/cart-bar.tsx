import { useState } from 'react';
import { ShopbagOutline } from 'antd-mobile-icons';
import { formatYuan } from '@marquee/contracts';
import { useNavigate } from 'react-router';
import { cartCount, cartTotalFen } from '../cart-store';
import { cartStore, useCart } from '../hooks/use-cart';
import { storeMessages } from '../store-messages';
import { CartSheet } from './cart-sheet';
import { paths } from '@/lib/paths';

/** At the bottom while the cart has something: count, total, 去结算; the cart opens above it. */
export function CartBar() {
  const t = storeMessages.useT();
  const navigate = useNavigate();
  const { lines } = useCart();
  const [isOpen, setOpen] = useState(false);
  const count = cartCount(lines);
  if (count === 0) return null;
  return (
    <>
      <div className="cart-bar" data-testid="cart-bar">
        <button
          type="button"
          className="cart-bar__cart"
          aria-label={t('cartCount', { count })}
          aria-expanded={isOpen}
          onClick={() => setOpen((open) => !open)}
        >
          <ShopbagOutline aria-hidden />
          <span className="cart-bar__badge" aria-hidden data-testid="cart-count">
            {count}
          </span>
        </button>
        <p className="cart-bar__total">
          <span>{t('cartTotal')}</span>
          <strong data-testid="cart-total">¥{formatYuan(cartTotalFen(lines))}</strong>
        </p>
        <button
          type="button"
          className="button button--primary cart-bar__checkout"
          onClick={() => {
            cartStore.checkoutCart();
            navigate(paths.storeOrderPayment());
          }}
        >
          {t('checkout')}
        </button>
      </div>
      <CartSheet visible={isOpen} lines={lines} onClose={() => setOpen(false)} />
    </>
  );
}
