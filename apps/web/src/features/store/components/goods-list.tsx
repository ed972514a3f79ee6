import { useMemo } from 'react';
import { ShopbagOutline } from 'antd-mobile-icons';
import { QueryView } from '@/components/ui/query-view';
import { FIRST_SCREEN_GOODS, useGoodsList } from '../api/get-goods-list';
import { sortGoodsByPrice } from '../goods-rules';
import { useCart } from '../hooks/use-cart';
import { useLoadMore } from '../hooks/use-load-more';
import { storeMessages } from '../store-messages';
import { GoodsCard } from './goods-card';

/** The goods of one category (or all), cheapest first, the next page loading as the user scrolls. */
export function GoodsList(props: { categoryId: string }) {
  const t = storeMessages.useT();
  const { pickupCinemaId } = useCart();
  const list = useGoodsList(props.categoryId === '0' ? null : props.categoryId, pickupCinemaId);
  const goods = useMemo(
    () => sortGoodsByPrice(list.data?.pages.flatMap((page) => page.list) ?? []),
    [list.data],
  );
  const canLoad = list.hasNextPage && !list.isFetchingNextPage && !list.isFetchNextPageError;
  const sentinel = useLoadMore<HTMLDivElement>({
    enabled: canLoad,
    onLoad: () => void list.fetchNextPage(),
  });

  return (
    <QueryView
      query={list}
      loading={<GoodsListSkeleton />}
      failureTitle={t('goodsFailed')}
      isEmpty={() => goods.length === 0}
      empty={{ icon: <ShopbagOutline />, title: t('noGoods'), description: t('noGoodsHint') }}
    >
      {() => (
        <>
          <ul className="goods-list" data-testid="goods-list">
            {goods.map((item, index) => (
              <GoodsCard key={item.id} goods={item} isFirstScreen={index < FIRST_SCREEN_GOODS} />
            ))}
          </ul>
          <div ref={sentinel} className="goods-list__more" aria-live="polite">
            {list.isFetchingNextPage ? (
              t('loadingMore')
            ) : list.hasNextPage ? (
              <button type="button" className="button" onClick={() => void list.fetchNextPage()}>
                {t('loadMore')}
              </button>
            ) : (
              t('noMore')
            )}
          </div>
        </>
      )}
    </QueryView>
  );
}

/** Holds the list's place (same card height) while the first page loads. */
export function GoodsListSkeleton() {
  return (
    <ul className="goods-list" aria-hidden>
      {[0, 1, 2, 3].map((key) => (
        <li key={key} className="goods-card goods-card--skeleton">
          <span className="goods-card__link">
            <span className="goods-card__picture" />
            <span className="goods-card__body">
              <span className="skeleton-line skeleton-line--wide" />
              <span className="skeleton-line" />
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}
