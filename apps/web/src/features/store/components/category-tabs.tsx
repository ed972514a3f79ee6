import type { GoodsCategory } from '@marquee/contracts';
import { storeMessages } from '../store-messages';

/** 全部 and the site's categories; categoryId '0' is all (spec §5). */
export function CategoryTabs(props: {
  categories: readonly GoodsCategory[];
  current: string;
  onChange: (categoryId: string) => void;
}) {
  const t = storeMessages.useT();
  const tabs = [{ id: '0', name: t('all') }, ...props.categories];
  return (
    <div className="store-tabs" role="tablist" aria-label={t('categories')}>
      {tabs.map((tab) => (
        <button
          key={tab.id}
          type="button"
          role="tab"
          id={`goods-tab-${tab.id}`}
          aria-selected={tab.id === props.current}
          aria-controls="goods-panel"
          className="store-tabs__tab"
          onClick={() => props.onChange(tab.id)}
        >
          {tab.name}
        </button>
      ))}
    </div>
  );
}
