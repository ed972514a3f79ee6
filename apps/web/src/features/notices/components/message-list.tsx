import type { Message } from '@marquee/contracts';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { useMessageList } from '../api/messages';
import { noticesMessages } from '../notices-messages';
import { shortDateTime } from '@/lib/short-date-time';
import { messageBody } from './message-body';

/** 我的 → 消息: every notice the user was sent (or would have been), newest first. */
export function MessageList() {
  const t = noticesMessages.useT();
  const messages = useMessageList();
  const list = messages.data?.list ?? [];
  return (
    <section className="notices-list" aria-labelledby="notices-list-title">
      <h2 id="notices-list-title">{t('listTitle')}</h2>
      {messages.isSuccess && list.length === 0 && <p className="notices-muted">{t('empty')}</p>}
      <ul data-testid="message-list">
        {list.map((message) => (
          <li key={message.messageId} className="notices-item">
            <div className="notices-item__head">
              <strong>{t(message.kind)}</strong>
              <time dateTime={message.createdAt}>{shortDateTime(message.createdAt)}</time>
            </div>
            <p>{messageBody(message)}</p>
            <div className="notices-item__foot">
              {message.delivery === 'sent' ? <span>{t('sent')}</span> : <span />}
              <Link to={orderLink(message)}>{t('viewOrder')}</Link>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function orderLink(message: Message): string {
  return message.startAt === null
    ? paths.storeOrderDetail(message.orderId)
    : paths.orderDetail(message.orderId);
}
