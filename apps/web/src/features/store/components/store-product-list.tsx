import { useCategoryList } from '../api/get-category-list';
import { CartBar } from './cart-bar';
import { CategoryTabs } from './category-tabs';
import { GoodsList } from './goods-list';
import './store.css';
import './goods-list.css';

/** /store/product/list?categoryId=: category tabs, the goods, and the cart bar. */
export function StoreProductList(props: {
  categoryId: string;
  onCategory: (categoryId: string) => void;
}) {
  const categories = useCategoryList();
  const list = categories.data?.list ?? [];
  // An unknown category (an old link) shows everything.
  const current =
    props.categoryId !== '0' && categories.isSuccess && !list.some((c) => c.id === props.categoryId)
      ? '0'
      : props.categoryId;
  return (
    <div className="store">
      <CategoryTabs
        categories={list}
        current={current}
        onChange={(categoryId) => {
          props.onCategory(categoryId);
          // Another category starts at its top, not at the old list's scroll position.
          window.scrollTo({ top: 0 });
        }}
      />
      <div id="goods-panel" role="tabpanel" aria-labelledby={`goods-tab-${current}`}>
        <GoodsList key={current} categoryId={current} />
      </div>
      <CartBar />
    </div>
  );
}
