import { useNavigate } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { commonMessages } from '@/lib/i18n/common-messages';
import { paths } from '@/lib/paths';

export default function NotFoundPage() {
  const t = commonMessages.useT();
  const navigate = useNavigate();
  return (
    <EmptyState
      title={t('notFound')}
      description={t('notFoundHint')}
      action={
        <button
          type="button"
          className="button button--primary"
          onClick={() => navigate(paths.homeIndex(), { replace: true })}
        >
          {t('goHome')}
        </button>
      }
    />
  );
}
