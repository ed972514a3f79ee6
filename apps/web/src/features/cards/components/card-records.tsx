import { formatYuan, yuanToFen, type CardRecord } from '@marquee/contracts';
import { QueryView } from '@/components/ui/query-view';
import { shortDateTime } from '@/lib/short-date-time';
import { useCardRecords } from '../api/get-card-records';
import { groupCardNo, ledgerKindLabel, signedYuan } from '../card-display';
import { cardsMessages } from '../cards-messages';
import './cards.css';

/** The card transactions, newest first, ten at a time with "load more". */
export function CardRecords() {
  const t = cardsMessages.useT();
  const records = useCardRecords();
  return (
    <QueryView query={records} failureTitle={t('loadFailed')}>
      {(data) => (
        <RecordList
          list={data.pages.flatMap((page) => page.list)}
          hasNextPage={records.hasNextPage}
          isFetchingNextPage={records.isFetchingNextPage}
          fetchNextPage={() => void records.fetchNextPage()}
        />
      )}
    </QueryView>
  );
}

function RecordList(props: {
  list: CardRecord[];
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
}) {
  const t = cardsMessages.useT();
  const { list } = props;
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
                  {shortDateTime(record.createdAt)}
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
          {props.hasNextPage ? (
            <button
              type="button"
              className="button"
              disabled={props.isFetchingNextPage}
              onClick={props.fetchNextPage}
            >
              {props.isFetchingNextPage ? t('loadingMore') : t('loadMore')}
            </button>
          ) : (
            <span>{t('noMore')}</span>
          )}
        </div>
      )}
    </section>
  );
}
