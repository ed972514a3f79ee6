import { formatYuan, yuanToFen, type StoreCard } from '@marquee/contracts';
import { Link } from 'react-router';
import { QueryView } from '@/components/ui/query-view';
import { useUserCards } from '../api/get-user-cards';
import { cardTail, cardTypeLabel } from '../card-display';
import { cardsMessages } from '../cards-messages';
import './cards.css';
import { paths } from '@/lib/paths';

/** The user's cards as card-like tiles: name, type badges, number, balance. */
export function CardTiles() {
  const t = cardsMessages.useT();
  const cards = useUserCards();
  return (
    <QueryView
      query={cards}
      failureTitle={t('loadFailed')}
      isEmpty={(data) => data.storeCard.length === 0}
      empty={{
        title: t('noCards'),
        description: t('noCardsHint'),
        action: (
          <Link to={paths.accountRecharge()} className="button button--primary">
            {t('goRecharge')}
          </Link>
        ),
      }}
    >
      {(data) => <CardList storeCard={data.storeCard} />}
    </QueryView>
  );
}

function CardList(props: { storeCard: readonly StoreCard[] }) {
  const t = cardsMessages.useT();
  return (
    <ul className="card-tiles" aria-label={t('cardsTitle')}>
      {props.storeCard.map((card) => {
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
            <p className="card-tile__number">{t('cardTail', { tail: cardTail(card.cardNo) })}</p>
          </li>
        );
      })}
    </ul>
  );
}
