import { commonMessages } from '@/lib/i18n/common-messages';

/** Every failure says what happened and what to do; retry is one tap away. */
export function FailureBlock(props: {
  title: string;
  message: string;
  onRetry?: () => void;
  retryLabel?: string;
}) {
  const t = commonMessages.useT();
  return (
    <section className="failure-block" role="alert">
      <h2 className="failure-block__title">{props.title}</h2>
      <p className="failure-block__message">{props.message}</p>
      {props.onRetry && (
        <button
          type="button"
          className="button button--primary button--block"
          onClick={props.onRetry}
        >
          {props.retryLabel ?? t('retry')}
        </button>
      )}
    </section>
  );
}
