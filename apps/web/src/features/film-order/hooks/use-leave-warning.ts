import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { Dialog } from '@/lib/antd-mobile-imperative';
import { routePaths } from '@/lib/paths';
import { leaveMessages } from '../leave-messages';

/** Pages a held order goes on to by itself: its ticket once paid, the pay password's reset. */
const ON_THE_WAY = new Set<string>([routePaths.orderDetail, routePaths.accountSecurity]);

/**
 * Leaving a held, unpaid order (back, a tab) asks first, as ticketing apps do: the seats stay
 * held until the countdown ends, and the order can be paid later from 订单. `isHeld` false (paid,
 * expired, cancelled) lets every navigation through; `release()` lets the next one through.
 */
export function useLeaveWarning(isHeld: boolean, holdUntil: string) {
  const t = leaveMessages.useT();
  const isReleased = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isHeld &&
      !isReleased.current &&
      nextLocation.pathname !== currentLocation.pathname &&
      !ON_THE_WAY.has(nextLocation.pathname),
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void Dialog.confirm({
      title: t('title'),
      content: t('text', { time: holdUntil }),
      confirmText: t('stay'),
      cancelText: t('leave'),
    }).then((isStaying) => (isStaying ? blocker.reset() : blocker.proceed()));
  }, [blocker, t, holdUntil]);
  return {
    release: () => {
      isReleased.current = true;
    },
  };
}
