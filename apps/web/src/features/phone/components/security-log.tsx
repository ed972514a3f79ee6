import { useSecurityLog } from '../api/phone-codes';
import { phoneMessages } from '../phone-messages';
import { shortDateTime } from '@/lib/short-date-time';

/** The account's security log, newest first. */
export function SecurityLog() {
  const t = phoneMessages.useT();
  const log = useSecurityLog();
  const list = log.data?.list ?? [];
  return (
    <section className="security-section" aria-labelledby="security-log-title">
      <h2 id="security-log-title">{t('logTitle')}</h2>
      {log.isSuccess && list.length === 0 && <p className="security-muted">{t('logEmpty')}</p>}
      <ul className="security-log" data-testid="security-log">
        {list.map((event, index) => (
          <li key={`${event.at}-${index}`}>
            <span>
              {t(event.kind, {
                phone: event.maskedPhone ?? '',
                previous: event.maskedPreviousPhone ?? '',
              })}
            </span>
            <time dateTime={event.at}>{shortDateTime(event.at)}</time>
          </li>
        ))}
      </ul>
    </section>
  );
}
