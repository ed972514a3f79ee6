/** The store's URLs keep its state, so reload and sharing work. */
export const productListPath = (categoryId?: string | null) =>
  categoryId && categoryId !== '0'
    ? `/store/product/list?categoryId=${encodeURIComponent(categoryId)}`
    : '/store/product/list';

export const productPath = (goodsId: string) =>
  `/store/product/detail?id=${encodeURIComponent(goodsId)}`;

export const paymentPath = (orderId?: string) =>
  orderId ? `/store/order/payment?orderId=${encodeURIComponent(orderId)}` : '/store/order/payment';

export const storeOrderPath = (orderId: string) =>
  `/store/order/detail?orderId=${encodeURIComponent(orderId)}`;
