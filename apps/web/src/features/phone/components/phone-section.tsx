import { isMobilePhone, maskPhone } from '@marquee/contracts';
import { Toast } from '@/lib/antd-mobile-imperative';
import { useState } from 'react';
import { useBindPhone } from '../api/phone-codes';
import { phoneMessages } from '../phone-messages';
import { CodeRequest } from './code-request';

/** The bound phone (masked), and binding or changing it with a code texted to the new number. */
export function PhoneSection(props: { phone: string | null; onBound: () => void }) {
  const t = phoneMessages.useT();
  const [isOpen, setOpen] = useState(false);
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const bind = useBindPhone(() => {
    Toast.show({ icon: 'success', content: t('boundDone') });
    setOpen(false);
    setCode('');
    props.onBound();
  });
  const isPhoneValid = isMobilePhone(phone);
  return (
    <section className="security-section" aria-labelledby="phone-title">
      <h2 id="phone-title">{t('phoneTitle')}</h2>
      <p data-testid="bound-phone">
        {props.phone ? t('bound', { phone: maskPhone(props.phone) }) : t('notBound')}
      </p>
      {!isOpen ? (
        <button type="button" className="security-button" onClick={() => setOpen(true)}>
          {props.phone ? t('change') : t('bind')}
        </button>
      ) : (
        <form
          className="security-form"
          onSubmit={(event) => {
            event.preventDefault();
            bind.mutate({ phone, code });
          }}
        >
          <label htmlFor="bind-phone">{t('phoneLabel')}</label>
          <input
            id="bind-phone"
            className="field-input"
            inputMode="tel"
            autoComplete="tel-national"
            maxLength={11}
            placeholder={t('phonePlaceholder')}
            value={phone}
            onChange={(event) => setPhone(event.target.value.replace(/\D/g, ''))}
            aria-invalid={phone.length === 11 && !isPhoneValid}
          />
          {phone.length === 11 && !isPhoneValid && (
            <p className="code-request__error">{t('phoneInvalid')}</p>
          )}
          <CodeRequest
            purpose="bindPhone"
            phone={phone}
            canSend={isPhoneValid}
            code={code}
            onCode={setCode}
          />
          {bind.error && (
            <p className="code-request__error" role="alert">
              {bind.error.message}
            </p>
          )}
          <button
            type="submit"
            className="security-button security-button--primary"
            disabled={!isPhoneValid || code.length !== 6 || bind.isPending}
          >
            {t('confirmBind')}
          </button>
        </form>
      )}
    </section>
  );
}
