import { formatYuan, yuanToFen } from '@marquee/contracts';
import type { GoodsSummary } from '@marquee/contracts';
import { Link } from 'react-router';
import { storeMessages } from '../store-messages';
import { paths } from '@/lib/paths';

/** A goods item in the list: picture, name, a line about it, tags, "¥18.00起", sold out. */
export function GoodsCard(props: { goods: GoodsSummary; isFirstScreen?: boolean }) {
  const t = storeMessages.useT();
  const { goods } = props;
  return (
    <li className={`goods-card${goods.isSoldOut ? ' goods-card--sold-out' : ''}`}>
      <Link
        to={paths.storeProductDetail(goods.id)}
        className="goods-card__link"
        data-testid="goods-card"
      >
        <span className="goods-card__picture">
          <img
            src={goods.imageUrl}
            alt=""
            width={96}
            height={96}
            loading={props.isFirstScreen ? 'eager' : 'lazy'}
            decoding="async"
          />
          {goods.isSoldOut && <span className="goods-card__sold-out">{t('soldOut')}</span>}
        </span>
        <span className="goods-card__body">
          <strong className="goods-card__name">{goods.name}</strong>
          <span className="goods-card__desc">{goods.description}</span>
          {/* Always there, empty or not: every card has the same height. */}
          <span className="goods-card__tags">
            {goods.tags.slice(0, 3).map((tag) => (
              <span key={tag} className="store-tag">
                {tag}
              </span>
            ))}
          </span>
          <span className="goods-card__bottom">
            <span className="goods-card__price" data-testid="goods-min-price">
              {goods.hasPriceRange ? (
                <>
                  {t('fromPrice', { price: formatYuan(yuanToFen(goods.minPrice)) })}
                  {t('fromSuffix') && <small>{t('fromSuffix')}</small>}
                </>
              ) : (
                t('price', { price: formatYuan(yuanToFen(goods.minPrice)) })
              )}
            </span>
            <span className="goods-card__action" aria-hidden>
              {goods.isSoldOut ? t('soldOut') : t('buy')}
            </span>
          </span>
        </span>
      </Link>
    </li>
  );
}
