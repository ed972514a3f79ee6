import { maskPhone } from '@marquee/contracts';
import { RightOutline } from 'antd-mobile-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useUserInfo, userInfoQuery } from '@/features/auth/api/get-user-info';
import { useUserCards } from '@/features/cards/api/get-user-cards';
import { CardsSummary } from '@/features/cards/components/cards-summary';
import { PayPasswordSheet } from '@/features/pay-password/components/pay-password-sheet';
import { CareModeSwitch } from '@/features/preferences/components/care-mode-switch';
import { payPasswordMessages } from '@/features/pay-password/pay-password-messages';
import { routeMessages, type RouteMessage } from './route-messages';
import { paths } from '@/lib/paths';

const links: { to: string; label: RouteMessage }[] = [
  { to: paths.accountCardList(), label: 'myCards' },
  { to: paths.accountRecharge(), label: 'recharge' },
  { to: paths.storeOrderList(), label: 'storeOrders' },
  { to: paths.accountCoupons(), label: 'coupons' },
  { to: paths.accountSecurity(), label: 'security' },
  { to: paths.accountMessages(), label: 'messages' },
];

export default function HomeAccountPage() {
  const t = routeMessages.useT();
  const passwordT = payPasswordMessages.useT();
  const queryClient = useQueryClient();
  const { data: user } = useUserInfo();
  const { data: cards } = useUserCards();
  const [isPasswordOpen, setIsPasswordOpen] = useState(false);
  if (!user) return null;
  return (
    <div className="account">
      <section className="profile" aria-label={user.nickname}>
        <span className="profile__avatar" aria-hidden>
          {user.nickname.slice(0, 1)}
        </span>
        <div>
          <p className="profile__name" data-testid="profile-name">
            {user.nickname}
          </p>
          <p className="profile__meta">
            {t('phone')}: {user.phone ? maskPhone(user.phone) : t('phoneUnknown')} ·{' '}
            {t('payPassword')}:{' '}
            <span data-testid="pay-password-state">
              {user.hasPayPassword ? t('payPasswordSet') : t('payPasswordNotSet')}
            </span>
          </p>
        </div>
      </section>
      <CardsSummary />
      <ul className="link-list">
        <li>
          <CareModeSwitch isOn={user.isCareMode} />
        </li>
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="link-list__item">
              <span>{t(link.label)}</span>
              {link.to === paths.accountCardList() && cards && (
                <span className="link-list__extra">
                  {cards.storeCard.length === 1
                    ? t('cardsSummaryOne')
                    : t('cardsSummary', { count: cards.storeCard.length })}
                </span>
              )}
              <RightOutline aria-hidden />
            </Link>
          </li>
        ))}
        <li>
          <button
            type="button"
            className="link-list__item link-list__button"
            onClick={() => setIsPasswordOpen(true)}
          >
            <span>{passwordT(user.hasPayPassword ? 'changeTitle' : 'setTitle')}</span>
            <RightOutline aria-hidden />
          </button>
        </li>
      </ul>
      <PayPasswordSheet
        visible={isPasswordOpen}
        hasPayPassword={user.hasPayPassword}
        onClose={() => setIsPasswordOpen(false)}
        onSaved={() => {
          setIsPasswordOpen(false);
          void queryClient.invalidateQueries({ queryKey: userInfoQuery.queryKey });
        }}
      />
    </div>
  );
}
