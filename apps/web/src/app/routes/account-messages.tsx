import { MessageList } from '@/features/notices/components/message-list';
import { NoticeConsent } from '@/features/notices/components/notice-consent';
import '@/features/notices/components/notices.css';

/** 我的 → 消息: consent to WeChat notices, and the same messages in the app. */
export default function AccountMessagesPage() {
  return (
    <div className="notices-page">
      <NoticeConsent />
      <MessageList />
    </div>
  );
}
