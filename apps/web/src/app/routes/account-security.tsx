import { maskPhone } from '@marquee/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useUserInfo, userInfoQuery } from '@/features/auth/api/get-user-info';
import { PayPasswordSheet } from '@/features/pay-password/components/pay-password-sheet';
import { securityLogQuery } from '@/features/phone/api/phone-codes';
import { CodeRequest } from '@/features/phone/components/code-request';
import { PhoneSection } from '@/features/phone/components/phone-section';
import { SecurityLog } from '@/features/phone/components/security-log';
import { phoneMessages } from '@/features/phone/phone-messages';
import '@/features/phone/components/phone.css';

/**
 * 账户安全: the bound phone (changing it proves the current one first), 忘记支付密码 (a code to
 * the bound phone, then a new password on the usual keypad; refused for 24 hours after a phone
 * change, the message saying until when), and the security log.
 */
export default function AccountSecurityPage() {
  const t = phoneMessages.useT();
  const queryClient = useQueryClient();
  const { data: user } = useUserInfo();
  const [code, setCode] = useState('');
  const [isSheetOpen, setSheetOpen] = useState(false);
  if (!user) return null;
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: userInfoQuery.queryKey });
    void queryClient.invalidateQueries({ queryKey: securityLogQuery.queryKey });
  };
  return (
    <div className="security-page">
      <PhoneSection phone={user.phone} hasPayPassword={user.hasPayPassword} onBound={refresh} />
      <section className="security-section" aria-labelledby="reset-title">
        <h2 id="reset-title">{t('resetTitle')}</h2>
        {user.phone ? (
          <>
            <p className="security-muted">{t('resetHint', { phone: maskPhone(user.phone) })}</p>
            <CodeRequest purpose="payPasswordReset" canSend code={code} onCode={setCode} />
            <button
              type="button"
              className="security-button security-button--primary"
              disabled={code.length !== 6}
              onClick={() => setSheetOpen(true)}
            >
              {t('resetNext')}
            </button>
          </>
        ) : (
          <p className="security-muted">{t('resetNeedsPhone')}</p>
        )}
      </section>
      <SecurityLog />
      <PayPasswordSheet
        visible={isSheetOpen}
        hasPayPassword={user.hasPayPassword}
        resetCode={code}
        onClose={() => setSheetOpen(false)}
        onSaved={() => {
          setSheetOpen(false);
          setCode('');
          refresh();
        }}
      />
    </div>
  );
}
