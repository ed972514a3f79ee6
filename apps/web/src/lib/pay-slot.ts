import type { PayParam } from '@marquee/contracts';
import type { ReactNode } from 'react';

/**
 * The one way a page gets its pay area: a feature that shows an order to pay (film, store) takes a
 * `renderPay` prop and calls it with this; the route page answers with `<PayArea>` (app/), which
 * composes the payment feature. So the features never import each other.
 */
export interface PaySlot {
  /** Spec §3's `param`: what is paid. */
  param: PayParam;
  /** Yuan. */
  total: number;
  /** Yuan: of `total`, a film order's snacks (decision 029); cards pay per part. */
  goodsTotal?: number;
  phone: string;
  isExpired: boolean;
}

export type RenderPay = (slot: PaySlot) => ReactNode;
