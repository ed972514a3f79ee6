import { useEffect, useState } from 'react';
import { ordersMessages } from '../orders-messages';

/**
 * The ticket's (or a store order's pickup) QR code, drawn in the browser. The `qrcode` library loads only with this component
 * (the order detail chunk), never on first load.
 */
export function TicketQr(props: { content: string; code: string; alt?: string; testId?: string }) {
  const t = ordersMessages.useT();
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let isCurrent = true;
    void import('qrcode').then(async (qrcode) => {
      const url = await qrcode.toDataURL(props.content, {
        margin: 1,
        width: 240,
        errorCorrectionLevel: 'M',
      });
      if (isCurrent) setSrc(url);
    });
    return () => {
      isCurrent = false;
    };
  }, [props.content]);
  return (
    <div className="ticket-qr">
      {src ? (
        <img
          src={src}
          width={200}
          height={200}
          alt={props.alt ?? t('qrAlt', { code: props.code })}
          data-testid={props.testId ?? 'ticket-qr'}
        />
      ) : (
        <div className="ticket-qr__placeholder" aria-hidden />
      )}
    </div>
  );
}
