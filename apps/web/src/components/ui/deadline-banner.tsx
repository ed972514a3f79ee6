import { ClockCircleOutline } from 'antd-mobile-icons';
import { formatCountdown } from '@/lib/use-countdown';
import './deadline-banner.css';

/**
 * The time left to pay an order (seats held, stock reserved), and once it has run out, what
 * happened and the one thing to do next.
 */
export function DeadlineBanner(props: {
  /** Milliseconds left; undefined before the first tick. */
  left: number | undefined;
  isExpired: boolean;
  leftLabel: string;
  expired: { title: string; hint: string; action: string; onAction: () => void };
  testId: string;
  className?: string;
}) {
  const extra = props.className ? ` ${props.className}` : '';
  if (props.isExpired) {
    return (
      <section className={`deadline deadline--expired${extra}`} role="alert">
        <ClockCircleOutline className="deadline__icon" aria-hidden />
        <h2>{props.expired.title}</h2>
        <p>{props.expired.hint}</p>
        <button type="button" className="button button--primary" onClick={props.expired.onAction}>
          {props.expired.action}
        </button>
      </section>
    );
  }
  return (
    <p className={`deadline${extra}`} role="timer" aria-live="off">
      <ClockCircleOutline aria-hidden />
      {props.leftLabel}
      <strong data-testid={props.testId}>{formatCountdown(props.left ?? 0)}</strong>
    </p>
  );
}
