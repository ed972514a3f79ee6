import { formatYuan, yuanToFen } from '@marquee/contracts';
import { CenteredSpinner } from '@/components/ui/centered-spinner';
import { FailureBlock } from '@/components/ui/failure-block';
import { getLang } from '@/lib/i18n/i18n';
import { useCardRecords } from '../api/get-card-records';
import { groupCardNo, ledgerKindLabel, signedYuan } from '../card-display';
import { cardsMessages } from '../cards-messages';
import './cards.css';

// 11-22 14:05 in Chinese, 22/11, 14:05 in English.
const dateTime = new Intl.DateTimeFormat(getLang() === 'en' ? 'en-GB' : 'zh-CN', {
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** The card transactions, newest first, ten at a time with "load more". */
export function CardRecords() {
  const t = cardsMessages.useT();
  const records = useCardRecords();
  if (records.isPending) return <CenteredSpinner />;
  if (records.error) {
    return (
      <FailureBlock
        title={t('loadFailed')}
        message={records.error.message}
        onRetry={() => void records.refetch()}
      />
    );
  }
  const list = records.data.pages.flatMap((page) => page.list);
  return (
    <section className="card-records" aria-labelledby="card-records-title">
      <h2 id="card-records-title" className="section-title">
        {t('recordsTitle')}
      </h2>
      {list.length === 0 ? (
        <p className="card-records__empty">{t('noRecords')}</p>
      ) : (
        <ul className="card-records__list">
          {list.map((record) => (
            <li key={record.id} className="card-record" data-testid="card-record">
              <div className="card-record__main">
                <span className="card-record__kind">{t(ledgerKindLabel[record.kind])}</span>
                <span className="card-record__meta">
                  {record.cardName} {groupCardNo(record.cardNo).slice(-4)} ·{' '}
                  {dateTime.format(new Date(record.createdAt))}
                  {record.orderNo ? ` · ${t('order', { orderNo: record.orderNo })}` : ''}
                </span>
              </div>
              <div className="card-record__money">
                <span
                  className={`card-record__amount ${record.amount < 0 ? 'card-record__amount--out' : 'card-record__amount--in'}`}
                >
                  {signedYuan(record.amount)}
                </span>
                <span className="card-record__after">
                  {t('balanceAfter', { amount: formatYuan(yuanToFen(record.balanceAfter)) })}
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
      {list.length > 0 && (
        <div className="card-records__more">
          {records.hasNextPage ? (
            <button
              type="button"
              className="button"
              disabled={records.isFetchingNextPage}
              onClick={() => void records.fetchNextPage()}
            >
              {records.isFetchingNextPage ? t('loadingMore') : t('loadMore')}
            </button>
          ) : (
            <span>{t('noMore')}</span>
          )}
        </div>
      )}
    </section>
  );
}
