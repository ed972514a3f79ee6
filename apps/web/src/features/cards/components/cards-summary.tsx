import { balanceForType, formatYuan, yuanToFen } from '@marquee/contracts';
import { useUserCards } from '../api/get-user-cards';
import { cardsMessages } from '../cards-messages';
import './cards.css';

/** The usable balance for tickets and for snacks (spec §5: own type plus 'general' cards). */
export function CardsSummary() {
  const t = cardsMessages.useT();
  const { data } = useUserCards();
  if (!data) return null;
  if (data.storeCard.length === 0) {
    return <p className="cards-summary cards-summary--empty">{t('summaryNone')}</p>;
  }
  const rows = [
    { label: t('summaryFilm'), yuan: balanceForType(data.storeCard, 'film'), id: 'film' },
    { label: t('summaryGoods'), yuan: balanceForType(data.storeCard, 'goods'), id: 'goods' },
  ];
  return (
    <section className="cards-summary" aria-label={t('summaryTitle')}>
      {rows.map((row) => (
        <div key={row.id} className="cards-summary__item" data-testid={`summary-${row.id}`}>
          <span className="cards-summary__amount">
            {t('yuan', { amount: formatYuan(yuanToFen(row.yuan)) })}
          </span>
          <span className="cards-summary__label">{row.label}</span>
        </div>
      ))}
    </section>
  );
}
