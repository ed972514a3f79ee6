import { useBrandName } from '@/lib/brand';
import { StoreProductList } from '@/features/store/components/store-product-list';
import { useShareMessage } from '@/lib/messenger/use-share-message';
import { useSearchParams } from 'react-router';
import { shareMessages } from './share-messages';
import { paths } from '@/lib/paths';

/** /store/product/list?categoryId= (spec §2): the store's goods by category. */
export default function StoreProductListPage() {
  const [params, setParams] = useSearchParams();
  const t = shareMessages.useT();
  const appName = useBrandName();
  useShareMessage({
    title: t('storeTitle', { appName }),
    desc: t('storeDesc'),
    link: paths.storeProductList(),
    imgUrl: '/favicon.svg',
  });
  return (
    <StoreProductList
      categoryId={params.get('categoryId') ?? '0'}
      onCategory={(categoryId) =>
        setParams(categoryId === '0' ? {} : { categoryId }, { replace: true })
      }
    />
  );
}
