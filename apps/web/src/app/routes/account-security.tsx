import { maskPhone } from '@marquee/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useUserInfo, userInfoQuery } from '@/features/auth/api/get-user-info';
import { useCheckResetCode } from '@/features/pay-password/api/reset-pay-password';
import { PayPasswordSheet } from '@/features/pay-password/components/pay-password-sheet';
import { securityLogQuery } from '@/features/phone/api/phone-codes';
import { CodeRequest } from '@/features/phone/components/code-request';
import { PhoneSection } from '@/features/phone/components/phone-section';
import { SecurityLog } from '@/features/phone/components/security-log';
import { phoneMessages } from '@/features/phone/phone-messages';
import { isInternalPath } from '@/lib/paths';
import '@/features/phone/components/phone.css';

/**
 * 账户安全: the bound phone (changing it proves the current one first), 忘记支付密码 (a code to
 * the bound phone, checked before the new password is asked for on the usual keypad; refused for
 * 24 hours after a phone change, the message saying until when), and the security log. Opened
 * from a payment (`?back=`), a saved reset returns there.
 */
export default function AccountSecurityPage() {
  const t = phoneMessages.useT();
  const queryClient = useQueryClient();
  const { data: user } = useUserInfo();
  const [code, setCode] = useState('');
  const [isSheetOpen, setSheetOpen] = useState(false);
  const checkCode = useCheckResetCode();
  const navigate = useNavigate();
  const back = useSearchParams()[0].get('back');
  const backTo = back && isInternalPath(back) ? back : null;
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
            <CodeRequest
              purpose="payPasswordReset"
              canSend
              code={code}
              onCode={(next) => {
                checkCode.reset();
                setCode(next);
              }}
            />
            {checkCode.error && (
              <p className="code-request__error" role="alert">
                {checkCode.error.message}
              </p>
            )}
            {backTo && <p className="security-muted">{t('resetBack')}</p>}
            <button
              type="button"
              className="security-button security-button--primary"
              disabled={code.length !== 6 || checkCode.isPending}
              onClick={() => checkCode.mutate(code, { onSuccess: () => setSheetOpen(true) })}
            >
              {checkCode.isPending ? t('resetChecking') : t('resetNext')}
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
          if (backTo) void navigate(backTo, { replace: true });
        }}
      />
    </div>
  );
}
