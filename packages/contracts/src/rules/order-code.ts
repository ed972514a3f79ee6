import type { OrderKind } from './order-status.js';

/**
 * The code a paid order carries: a film order's ticket code (10 digits, shown at the door) or a
 * store order's pickup code (8 digits, shown at the counter), and the text of its QR code, which
 * names the site and the order number too. The server writes QR texts with `orderQrContent`; the
 * check-in page reads what a scanner or a cashier's keyboard gives with `parseScannedCode`.
 */

export const ORDER_CODE_DIGITS: Record<OrderKind, number> = { film: 10, store: 8 };

const QR_PREFIX: Record<OrderKind, string> = { film: 'MARQUEE:TICKET', store: 'MARQUEE:PICKUP' };

export function orderQrContent(
  kind: OrderKind,
  siteCode: string,
  orderNo: string,
  code: string,
): string {
  return `${QR_PREFIX[kind]}:${siteCode}:${orderNo}:${code}`;
}

export interface ScannedCode {
  code: string;
  /** From the QR's prefix, or from the number of digits typed. */
  kind: OrderKind;
  /** Only a scanned QR names them. */
  siteCode: string | null;
  orderNo: string | null;
}

const QR_PATTERN = /^MARQUEE:(TICKET|PICKUP):([A-Za-z0-9-]{1,63}):(\d{8,20}):(\d{8}|\d{10})$/;

/**
 * What a scanned QR text or a typed code says; null when it is neither. Spaces and dashes a
 * cashier types between digit groups are ignored.
 */
export function parseScannedCode(text: string): ScannedCode | null {
  const trimmed = text.trim();
  const qr = QR_PATTERN.exec(trimmed);
  if (qr) {
    const kind: OrderKind = qr[1] === 'TICKET' ? 'film' : 'store';
    const code = qr[4]!;
    if (code.length !== ORDER_CODE_DIGITS[kind]) return null;
    return { code, kind, siteCode: qr[2]!, orderNo: qr[3]! };
  }
  const digits = trimmed.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(digits)) return null;
  if (digits.length === ORDER_CODE_DIGITS.film) {
    return { code: digits, kind: 'film', siteCode: null, orderNo: null };
  }
  if (digits.length === ORDER_CODE_DIGITS.store) {
    return { code: digits, kind: 'store', siteCode: null, orderNo: null };
  }
  return null;
}
