import { createElement, useEffect, useState } from 'react';
import type { NoticeKind, NoticeSubscription } from '@marquee/contracts';
import { isInsideWechat } from '@/lib/messenger/messenger';
import { useNoticeSubscription, useSubscribeNotices } from '../api/messages';
import { noticesMessages } from '../notices-messages';

/**
 * Consent to the site's subscription notices. Inside WeChat on a WeChat site: WeChat's open tag
 * `wx-open-subscribe` with the site's template ids (the JS-SDK config lists it in openTagList);
 * its success event says which were accepted, and those are recorded. Elsewhere and in the
 * sandbox: the page's own button records consent to all of them.
 */
export function NoticeConsent() {
  const t = noticesMessages.useT();
  const subscription = useNoticeSubscription();
  const subscribe = useSubscribeNotices();
  const data = subscription.data;
  if (!data) return null;
  const templates = data.templates;
  const agreed = templates.filter((template) => template.isSubscribed);
  const kinds = templates.map((template) => template.kind);
  return (
    <section className="notices-consent" aria-labelledby="notices-consent-title">
      <h2 id="notices-consent-title">{t('consentTitle')}</h2>
      {templates.length === 0 ? (
        <p className="notices-muted">{t('consentNone')}</p>
      ) : (
        <>
          <p className="notices-muted">{t('consentHint')}</p>
          {agreed.length > 0 && (
            <p className="notices-done" data-testid="notices-consent-state">
              {t('consentDone', {
                kinds: agreed.map((item) => t(item.kind)).join(t('listSeparator')),
              })}
            </p>
          )}
          {data.isOpenTag && isInsideWechat() ? (
            <OpenSubscribe
              subscription={data}
              onAccepted={(accepted) => subscribe.mutate(accepted)}
            >
              {t('consentButton')}
            </OpenSubscribe>
          ) : agreed.length === templates.length ? null : (
            <button
              type="button"
              className="notices-button"
              disabled={subscribe.isPending}
              onClick={() => subscribe.mutate(kinds)}
            >
              {t('consentButton')}
            </button>
          )}
        </>
      )}
    </section>
  );
}

/** WeChat's open tag: renders its own button from the template inside it. */
function OpenSubscribe(props: {
  subscription: NoticeSubscription;
  onAccepted: (kinds: NoticeKind[]) => void;
  children: string;
}) {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const { subscription, onAccepted } = props;
  useEffect(() => {
    if (!element) return;
    const onSuccess = (event: Event) => {
      const details = (event as CustomEvent<{ subscribeDetails?: string }>).detail
        ?.subscribeDetails;
      const byId = JSON.parse(details ?? '{}') as Record<string, string>;
      const accepted = subscription.templates
        .filter((template) => {
          const status = byId[template.templateId];
          return (
            status !== undefined && (JSON.parse(status) as { status?: string }).status === 'accept'
          );
        })
        .map((template) => template.kind);
      if (accepted.length > 0) onAccepted(accepted);
    };
    element.addEventListener('success', onSuccess);
    return () => element.removeEventListener('success', onSuccess);
  }, [element, subscription, onAccepted]);
  return createElement(
    'wx-open-subscribe',
    {
      ref: setElement,
      template: subscription.templates.map((template) => template.templateId).join(','),
      id: 'notices-open-subscribe',
    },
    createElement('script', {
      type: 'text/wxtag-template',
      dangerouslySetInnerHTML: {
        __html: `<button style="width:100%;height:40px;border:0;border-radius:8px;background:#d0343a;color:#fff;font-size:15px">${props.children}</button>`,
      },
    }),
  );
}
