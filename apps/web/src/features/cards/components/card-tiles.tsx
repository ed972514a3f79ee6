import { formatYuan, yuanToFen } from '@marquee/contracts';
import { Link } from 'react-router';
import { CenteredSpinner } from '@/components/ui/centered-spinner';
import { EmptyState } from '@/components/ui/empty-state';
import { FailureBlock } from '@/components/ui/failure-block';
import { useUserCards } from '../api/get-user-cards';
import { cardTypeLabel, groupCardNo } from '../card-display';
import { cardsMessages } from '../cards-messages';
import './cards.css';
import { paths } from '@/lib/paths';

/** The user's cards as card-like tiles: name, type badges, number, balance. */
export function CardTiles() {
  const t = cardsMessages.useT();
  const { data, error, refetch, isPending } = useUserCards();
  if (isPending) return <CenteredSpinner />;
  if (error)
    return (
      <FailureBlock
        title={t('loadFailed')}
        message={error.message}
        onRetry={() => void refetch()}
      />
    );
  if (data.storeCard.length === 0) {
    return (
      <EmptyState
        title={t('noCards')}
        description={t('noCardsHint')}
        action={
          <Link to={paths.accountRecharge()} className="button button--primary">
            {t('goRecharge')}
          </Link>
        }
      />
    );
  }
  return (
    <ul className="card-tiles" aria-label={t('cardsTitle')}>
      {data.storeCard.map((card) => {
        const isGeneral = card.cardTypeList.includes('general');
        return (
          <li
            key={card.id}
            className={`card-tile ${isGeneral ? 'card-tile--general' : `card-tile--${card.cardTypeList[0] ?? 'other'}`}`}
            data-testid="card-tile"
          >
            <div className="card-tile__top">
              <span className="card-tile__name">{card.name}</span>
              <span className="card-tile__badges">
                {card.cardTypeList.map((type) => (
                  <span key={type} className="card-tile__badge">
                    {cardTypeLabel[type] ? t(cardTypeLabel[type]) : type}
                  </span>
                ))}
              </span>
            </div>
            <p className="card-tile__balance">
              <small>{t('balance')}</small>
              <span data-testid="card-balance">
                {t('yuan', { amount: formatYuan(yuanToFen(card.balance)) })}
              </span>
            </p>
            <p className="card-tile__number">{groupCardNo(card.cardNo)}</p>
          </li>
        );
      })}
    </ul>
  );
}
