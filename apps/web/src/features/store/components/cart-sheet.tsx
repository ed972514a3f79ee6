import { Dialog } from '@/lib/antd-mobile-imperative';
import Popup from 'antd-mobile/es/components/popup';
import { formatYuan, yuanToFen } from '@marquee/contracts';
import { useNavigate } from 'react-router';
import { cartTotalFen, type CartLine } from '../cart-store';
import { cartStore } from '../hooks/use-cart';
import { storeMessages } from '../store-messages';
import { LineThumb } from './line-thumb';
import { QuantityStepper } from './quantity-stepper';
import { paths } from '@/lib/paths';

/** The cart's lines with their steppers, its total and 去结算. */
export function CartSheet(props: { visible: boolean; lines: CartLine[]; onClose: () => void }) {
  const t = storeMessages.useT();
  const navigate = useNavigate();
  const clear = async () => {
    const isConfirmed = await Dialog.confirm({
      content: t('clearCartConfirm'),
      confirmText: t('clearConfirm'),
      cancelText: t('keep'),
    });
    if (!isConfirmed) return;
    cartStore.clear();
    props.onClose();
  };
  const isEmpty = props.lines.length === 0;
  return (
    <Popup
      visible={props.visible}
      onMaskClick={props.onClose}
      bodyClassName="store-sheet cart-sheet"
      destroyOnClose
    >
      <div className="store-sheet__head">
        <h2 id="cart-sheet-title">{t('cart')}</h2>
        {!isEmpty && (
          <button type="button" className="store-sheet__action" onClick={() => void clear()}>
            {t('clearCart')}
          </button>
        )}
      </div>
      {isEmpty ? (
        <p className="store-sheet__empty">{t('cartEmpty')}</p>
      ) : (
        <ul className="line-list cart-sheet__lines" aria-labelledby="cart-sheet-title">
          {props.lines.map((line) => (
            <li key={line.goodsInfoId} className="line-item">
              <LineThumb line={line} />
              <span className="line-item__side">
                <span className="line-item__price">¥{formatYuan(yuanToFen(line.price))}</span>
                <QuantityStepper
                  name={`${line.goodsName} ${line.goodsInfoName}`}
                  value={line.quantity}
                  max={line.maxQuantity}
                  isRemovable
                  onChange={(quantity) => cartStore.setQuantity(line.goodsInfoId, quantity)}
                />
              </span>
            </li>
          ))}
        </ul>
      )}
      <div className="store-sheet__foot">
        <p className="cart-bar__total">
          <span>{t('cartTotal')}</span>
          <strong>¥{formatYuan(cartTotalFen(props.lines))}</strong>
        </p>
        <button
          type="button"
          className="button button--primary cart-bar__checkout"
          disabled={isEmpty}
          onClick={() => {
            cartStore.checkoutCart();
            navigate(paths.storeOrderPayment());
          }}
        >
          {t('checkout')}
        </button>
      </div>
    </Popup>
  );
}
