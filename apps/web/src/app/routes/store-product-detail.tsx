import { useBrandName } from '@/lib/brand';
import { formatYuan, yuanToFen } from '@marquee/contracts';
import { useSearchParams } from 'react-router';
import { useGoodsDetail } from '@/features/store/api/get-goods-detail';
import { GoodsDetailView } from '@/features/store/components/goods-detail';
import { useShareMessage } from '@/lib/messenger/use-share-message';
import { shareMessages } from './share-messages';
import { paths } from '@/lib/paths';

/** /store/product/detail?id= (spec §2): a product, its variants, the cart and 立即购买. */
export default function StoreProductDetailPage() {
  const [params] = useSearchParams();
  const goodsId = params.get('id') ?? '';
  useGoodsShareMessage(goodsId);
  return <GoodsDetailView goodsId={goodsId} />;
}

/** Shared in WeChat: the product's name, its line and picture, linking to it. */
function useGoodsShareMessage(goodsId: string) {
  const t = shareMessages.useT();
  const appName = useBrandName();
  const { data: goods } = useGoodsDetail(goodsId);
  useShareMessage(
    goods
      ? {
          title: t('goodsTitle', { name: goods.name, appName }),
          desc: t('goodsDesc', {
            desc: goods.description,
            price: formatYuan(yuanToFen(goods.minPrice)),
          }),
          link: paths.storeProductDetail(goods.id),
          imgUrl: goods.imageUrl,
        }
      : null,
  );
}
