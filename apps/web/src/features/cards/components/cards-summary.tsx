import { formatYuan, yuanToFen } from '@marquee/contracts';
import { useUserCards } from '../api/get-user-cards';
import { balanceSummary } from '../card-display';
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
  const summary = balanceSummary(data.storeCard);
  const yuan = (value: number) => t('yuan', { amount: formatYuan(yuanToFen(value)) });
  // The money there is first; what tickets and snacks can use after it, smaller: a general card
  // counts in both, which the note says, so the two are not read as two sums of money.
  const rows = [
    { label: t('summaryTotal'), yuan: summary.total, id: 'total' },
    { label: t('summaryFilm'), yuan: summary.film, id: 'film' },
    { label: t('summaryGoods'), yuan: summary.goods, id: 'goods' },
  ];
  return (
    <section className="cards-summary" aria-label={t('summaryTitle')}>
      <div className="cards-summary__row">
        {rows.map((row) => (
          <div
            key={row.id}
            className={`cards-summary__item cards-summary__item--${row.id}`}
            data-testid={`summary-${row.id}`}
          >
            <span className="cards-summary__amount">{yuan(row.yuan)}</span>
            <span className="cards-summary__label">{row.label}</span>
          </div>
        ))}
      </div>
      {summary.shared > 0 && (
        <p className="cards-summary__note" data-testid="summary-shared">
          {t('summaryShared', { amount: formatYuan(yuanToFen(summary.shared)) })}
        </p>
      )}
    </section>
  );
}
