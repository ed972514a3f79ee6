import { commonMessages } from '@/lib/i18n/common-messages';

/** Spec §2: a centred spinner shows while a page loads. Pure CSS: it is on the first screen. */
export function CenteredSpinner() {
  const t = commonMessages.useT();
  return (
    <div className="centered" role="status" aria-live="polite">
      <span className="spinner" aria-hidden />
      <span className="visually-hidden">{t('loading')}</span>
    </div>
  );
}
