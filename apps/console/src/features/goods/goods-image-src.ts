import type { ConsoleGoods } from '@marquee/contracts/console';

/** The picture URL with its version, so a new upload shows at once. */
export const goodsImageSrc = (goods: Pick<ConsoleGoods, 'imageUrl' | 'imageVersion'>) =>
  goods.imageVersion ? `${goods.imageUrl}?v=${goods.imageVersion}` : goods.imageUrl;
