import type { ColumnType, Generated, Kysely, Transaction } from 'kysely';
import type {
  NoticeKind,
  noticeDeliveries,
  CardLedgerKind,
  OrderStatus,
  PaymentStatus,
  SeatKind,
  ShowFormat,
} from '@marquee/contracts';
import type { StaffRole, StockMovementReason } from '@marquee/contracts/console';

/** Row types of every table, as Kysely sees them. Migrations are the source of truth. */
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;

export interface SitesTable {
  id: Generated<string>;
  code: string;
  name: string;
  messenger_mode: 'sandbox' | 'wechat';
  wechat_app_id: string;
  /** Encrypted at rest, as are wechat_pay_private_key and wechat_pay_api_v3_key (0012). */
  wechat_app_secret: string | null;
  settings: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: CreatedAt;
  /** WeChat Pay (0006-wechat): the merchant and its API key; WeChat's keys: site_wechat_platform_keys. */
  wechat_mch_id: ColumnType<string | null, string | null | undefined, string | null>;
  wechat_pay_serial_no: ColumnType<string | null, string | null | undefined, string | null>;
  wechat_pay_private_key: ColumnType<string | null, string | null | undefined, string | null>;
  wechat_pay_api_v3_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** 付款码 payments (API v2) are signed with it; encrypted at rest too (0049). */
  wechat_pay_api_v2_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** The origin WeChat Pay's notify_url is built on (0011); null: the env PUBLIC_ORIGIN. */
  public_origin: ColumnType<string | null, string | null | undefined, string | null>;
  /** Online sales of a show close this many minutes before its start (0021). */
  sales_close_minutes: ColumnType<number, number | undefined, number>;
  /** The brand the web app shows (0021): short_name null means `name`, short_name_en null the Chinese. */
  short_name: ColumnType<string | null, string | null | undefined, string | null>;
  short_name_en: ColumnType<string | null, string | null | undefined, string | null>;
  logo_url: ColumnType<string | null, string | null | undefined, string | null>;
  theme_color: ColumnType<string, string | undefined, string>;
  /** Subscription-notice template ids of the official account (0028); null: that notice is off. */
  notice_template_paid: ColumnType<string | null, string | null | undefined, string | null>;
  notice_template_reminder: ColumnType<string | null, string | null | undefined, string | null>;
  notice_template_refunded: ColumnType<string | null, string | null | undefined, string | null>;
  notice_template_ready: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * The site's SMS provider (0034, decision 032): null sends no SMS outside the sandbox. The
   * secret key is encrypted at rest; all of them are set together (a CHECK).
   */
  sms_provider: ColumnType<'tencent' | null, 'tencent' | null | undefined, 'tencent' | null>;
  sms_secret_id: ColumnType<string | null, string | null | undefined, string | null>;
  sms_secret_key: ColumnType<string | null, string | null | undefined, string | null>;
  sms_sdk_app_id: ColumnType<string | null, string | null | undefined, string | null>;
  sms_sign_name: ColumnType<string | null, string | null | undefined, string | null>;
  sms_template_id: ColumnType<string | null, string | null | undefined, string | null>;
  sms_region: ColumnType<string | null, string | null | undefined, string | null>;
  notice_template_exchanged: ColumnType<string | null, string | null | undefined, string | null>;
  /** Tencent SMS notification template telling an old number its binding changed (0042). */
  sms_notice_template_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Template id of the notice of a show's change (0059); null: that notice is off. */
  notice_template_changed: ColumnType<string | null, string | null | undefined, string | null>;
}

export type NoticeState = (typeof noticeDeliveries)[number];

/** The user agreed to receive this kind of notice (0028). */
export interface NoticeConsentsTable {
  user_id: string;
  kind: NoticeKind;
  template_id: string;
  consented_at: Timestamp;
}

/** A notice to send, written in its event's transaction (0028); the in-app message list too. */
export interface NoticeOutboxTable {
  id: Generated<string>;
  site_id: string;
  user_id: string;
  order_id: string;
  kind: NoticeKind;
  payload: ColumnType<Record<string, string>, string, string>;
  state: ColumnType<NoticeState, NoticeState | undefined, NoticeState>;
  attempts: Generated<number>;
  next_attempt_at: ColumnType<Date, Date | undefined, Date>;
  claimed_until: NullableTimestamp;
  last_error: string | null;
  sent_at: NullableTimestamp;
  created_at: CreatedAt;
  /** Which change of the order this is (0059): '' for the once-per-order notices. */
  event_key: ColumnType<string, string | undefined, string>;
  /** The SMS copy of a show's change (0059); null: this notice is not texted. */
  sms_state: ColumnType<
    'pending' | 'sent' | 'failed' | 'skipped' | null,
    'pending' | 'sent' | 'failed' | 'skipped' | null | undefined,
    'pending' | 'sent' | 'failed' | 'skipped' | null
  >;
}

/** WeChat's access token and JS-SDK ticket per site, with the lease of the one refreshing them. */
export interface WechatTokensTable {
  site_id: string;
  kind: 'access_token' | 'jsapi_ticket';
  value: string | null;
  expires_at: NullableTimestamp;
  lease_owner: string | null;
  lease_expires_at: NullableTimestamp;
  updated_at: Timestamp;
}

/**
 * A rate-limit window's count for one call and one user or address. Unused since decision 011
 * (counts live in Redis or in memory); kept while older versions may still run beside this one.
 */
export interface RateLimitCountersTable {
  bucket: string;
  key: string;
  window_start: Timestamp;
  hits: number;
}

export interface UsersTable {
  id: Generated<string>;
  site_id: string;
  openid: string;
  unionid: string | null;
  nickname: string;
  avatar_url: string | null;
  phone: string | null;
  pay_password_hash: string | null;
  pay_password_failures: Generated<number>;
  pay_password_locked_until: NullableTimestamp;
  /** Care mode (关怀模式), a display preference (0030, decision 028). */
  is_care_mode: Generated<boolean>;
  created_at: CreatedAt;
  /** When the bound phone last changed (0042): a pay password reset by SMS waits 24 h after. */
  phone_changed_at: NullableTimestamp;
}

export interface SessionsTable {
  id: Generated<string>;
  site_id: string;
  user_id: string;
  token_hash: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  /** How the session was made (0050, decision 046): a WeChat code exchange or a hand-off. */
  signed_in_by: Generated<SessionOrigin>;
}

export type SessionOrigin = 'wechatCode' | 'handOff';

export interface MessengerCodesTable {
  code: string;
  site_id: string;
  openid: string;
  nickname: string;
  avatar_url: string | null;
  created_at: CreatedAt;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface CardTypesTable {
  site_id: string;
  code: string;
  name: string;
  sort_order: number;
  pays_for: 'film' | 'goods' | 'general';
  is_on_sale: Generated<boolean>;
}

export interface CardsTable {
  id: Generated<string>;
  site_id: string;
  user_id: string;
  card_no: string;
  name: string;
  card_types: string[];
  balance_fen: Generated<number>;
  created_at: CreatedAt;
}

export interface OrdersTable {
  id: Generated<string>;
  site_id: string;
  user_id: string;
  kind: 'film' | 'store';
  order_no: string;
  status: ColumnType<OrderStatus, OrderStatus | undefined, OrderStatus>;
  cinema_id: string | null;
  amount_fen: number;
  phone: string | null;
  pay_deadline_at: Timestamp;
  paid_at: NullableTimestamp;
  pickup_code: string | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  used_at: NullableTimestamp;
  used_by_staff_id: string | null;
  used_by_name: string | null;
  /** The coupon's part (0026); amount_fen is what is paid. */
  discount_fen: Generated<number>;
  /** An exchange order (0033, decision 031): the ticketed order its payment would exchange. */
  exchange_of: ColumnType<string | null, string | null | undefined, never>;
  /** Goods added to a film order (0031, decision 029): their part before the coupon, the
   *  coupon's share of it, their pickup code, pickup and goods-only refund. */
  goods_fen: Generated<number>;
  goods_discount_fen: Generated<number>;
  goods_code: string | null;
  goods_picked_up_at: NullableTimestamp;
  goods_picked_up_by_name: string | null;
  goods_refunded_at: NullableTimestamp;
  goods_refunded_fen: Generated<number>;
  /** Where it was sold, and by which cashier at the counter (0046). */
  channel: ColumnType<OrderChannel, OrderChannel | undefined, never>;
  sold_by_staff_id: ColumnType<string | null, string | null | undefined, never>;
}

export type OrderChannel = 'online' | 'counter';

/** Coupon campaigns of a site and the coupons they gave (0026, decision 024). */
export interface CouponCampaignsTable {
  id: Generated<string>;
  site_id: string;
  title: string;
  promo_code: string | null;
  is_for_new_users: Generated<boolean>;
  discount_kind: 'amount' | 'percent';
  discount_value: number;
  cap_fen: number | null;
  min_spend_fen: Generated<number>;
  scope: 'tickets' | 'goods' | 'both';
  film_ids: Generated<string[]>;
  cinema_ids: Generated<string[]>;
  valid_from: Timestamp;
  valid_to: Timestamp;
  total_quantity: number;
  issued_count: Generated<number>;
  per_user_limit: Generated<number>;
  /** 0032: paused campaigns give no coupons until resumed; ended is final. */
  state: Generated<'active' | 'paused' | 'ended'>;
  created_at: CreatedAt;
}

export interface CouponsTable {
  id: Generated<string>;
  campaign_id: string;
  user_id: string;
  seq: number;
  status: Generated<'unused' | 'held' | 'used'>;
  order_id: string | null;
  discount_fen: Generated<number>;
  used_at: NullableTimestamp;
  created_at: CreatedAt;
}

export interface PhoneCodesTable {
  id: Generated<string>;
  user_id: string;
  purpose: 'payPasswordReset' | 'bindPhone' | 'changePhone' | 'firstPayPassword';
  phone: string;
  code_hash: string;
  expires_at: Timestamp;
  attempts: Generated<number>;
  used_at: NullableTimestamp;
  created_at: CreatedAt;
  /** The text message surely did not go out (0034): the code never works nor counts. */
  send_failed_at: NullableTimestamp;
}

export interface SmsMessagesTable {
  id: Generated<number>;
  site_id: string;
  phone: string;
  text: string;
  created_at: CreatedAt;
}

export interface CardSecurityEventsTable {
  id: Generated<number>;
  user_id: string;
  kind:
    | 'payPasswordSet'
    | 'payPasswordChanged'
    | 'payPasswordReset'
    | 'payPasswordLocked'
    | 'phoneBound'
    | 'phoneChanged'
    | 'payPasswordResetRefused';
  phone: string | null;
  created_at: CreatedAt;
  /** For phoneChanged: the number it replaced (0042). */
  previous_phone: string | null;
}

/** A proof of the bound phone (or the pay password) that allows changing it, once (0042). */
export interface PhoneChangeProofsTable {
  id: Generated<string>;
  user_id: string;
  proof_hash: string;
  method: 'oldPhoneCode' | 'payPassword';
  phone: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: CreatedAt;
}

/** A one-time hand-off code of a session, for a `?setToken=` link (0043). */
export interface HandOffCodesTable {
  id: Generated<string>;
  site_id: string;
  user_id: string;
  session_id: string;
  code_hash: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: CreatedAt;
}

export interface OrderEventsTable {
  id: Generated<number>;
  order_id: string;
  from_status: OrderStatus | null;
  to_status: OrderStatus;
  reason: string;
  created_at: CreatedAt;
}

export interface CardLedgerTable {
  id: Generated<number>;
  card_id: string;
  site_id: string;
  user_id: string;
  kind: CardLedgerKind;
  amount_fen: number;
  balance_after_fen: number;
  order_id: string | null;
  voucher_id: string | null;
  reason: string;
  created_at: CreatedAt;
}

export interface TopUpVouchersTable {
  id: Generated<string>;
  site_id: string;
  card_no: string;
  password_hash: string;
  card_type: string;
  amount_fen: number;
  created_at: CreatedAt;
  used_at: NullableTimestamp;
  used_by: string | null;
  card_id: string | null;
  batch_id: string | null;
  expires_at: NullableTimestamp;
  voided_at: NullableTimestamp;
  voided_by: string | null;
}

export interface VoucherBatchesTable {
  id: Generated<string>;
  site_id: string;
  batch_no: number;
  card_type: string;
  amount_fen: number;
  card_count: number;
  expires_at: Timestamp;
  created_by: string;
  created_at: Timestamp;
  sealed_secrets: string | null;
  downloaded_at: NullableTimestamp;
  downloaded_by: string | null;
}

export interface VoucherAttemptsTable {
  id: Generated<number>;
  site_id: string;
  user_id: string;
  card_no: string;
  created_at: Timestamp;
}

export interface PayPayloadNoncesTable {
  nonce: string;
  expires_at: Timestamp;
}

export interface ServerKeysTable {
  id: string;
  purpose: string;
  algorithm: string;
  public_spki: string;
  private_pkcs8: string;
  created_at: CreatedAt;
}

/** Payments (0005-payments). */
export interface PaymentAttemptsTable {
  id: Generated<string>;
  site_id: string;
  user_id: string;
  idempotency_key: string;
  call: 'card' | 'wechat' | 'counter';
  order_id: string;
  request_hash: string;
  answer: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: CreatedAt;
}

export interface PaymentsTable {
  id: Generated<string>;
  order_id: string;
  site_id: string;
  user_id: string;
  attempt_id: string | null;
  method: 'card' | 'wechat' | 'cash';
  amount_fen: number;
  status: ColumnType<PaymentStatus, PaymentStatus | undefined, PaymentStatus>;
  out_trade_no: string;
  transaction_id: string | null;
  prepay_id: string | null;
  idempotency_key: string | null;
  is_auto_refunded: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
  expires_at: Timestamp;
  /** When WeChat confirmed the transaction can no longer be paid (closed, or reported CLOSED). */
  provider_closed_at: NullableTimestamp;
  /** The cashier's shift a counter payment was taken in (0048). */
  shift_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A refund's state: `abnormal`/`closed` are WeChat's ABNORMAL/CLOSED, waiting for staff (0022). */
export type RefundStatus = 'pending' | 'succeeded' | 'failed' | 'abnormal' | 'closed';
export type RefundSettledBy = 'answer' | 'notify' | 'query';

export interface PaymentRefundsTable {
  out_refund_no: string;
  payment_id: string;
  order_id: string;
  amount_fen: number;
  status: ColumnType<RefundStatus, RefundStatus | undefined, RefundStatus>;
  is_automatic: boolean;
  reason: string;
  provider_refund_id: string | null;
  /** What reported the refund's outcome first (0022); null while pending. */
  settled_by: ColumnType<RefundSettledBy | null, RefundSettledBy | null | undefined>;
  /** 'full': what is left of the payment; 'exchange': a cheaper exchange's difference (0027). */
  kind: ColumnType<'full' | 'exchange' | 'goods', 'full' | 'exchange' | 'goods' | undefined, never>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The cashier's shift a counter refund was given in (0048). */
  shift_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface PaymentNotificationsTable {
  transaction_id: string;
  site_id: string;
  out_trade_no: string;
  payment_id: string;
  outcome: 'paid' | 'auto_refund' | 'already_settled';
  received_at: Timestamp;
  /** What reported the success first: WeChat's notice, or our status query (0018). */
  source: ColumnType<'notify' | 'query', 'notify' | 'query' | undefined, never>;
  /** When WeChat's notice first arrived; null while it never did. */
  notified_at: NullableTimestamp;
}

export interface SandboxPayTransactionsTable {
  prepay_id: string;
  site_id: string;
  out_trade_no: string;
  description: string;
  amount_fen: number;
  payer_openid: string;
  notify_url: string;
  state: ColumnType<SandboxPayState, SandboxPayState | undefined, SandboxPayState>;
  transaction_id: string | null;
  success_at: NullableTimestamp;
  expires_at: Timestamp;
  created_at: Timestamp;
}
export type SandboxPayState = 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'PAYERROR' | 'REFUND';

export interface SandboxPayRefundsTable {
  out_refund_no: string;
  out_trade_no: string;
  refund_id: string;
  refund_fen: number;
  created_at: Timestamp;
}

/** Cinemas, halls, seats, films, shows and film order seats (0003-cinema). */
export interface CinemasTable {
  id: Generated<string>;
  site_id: string;
  name: string;
  /** English pages' name and address; null: the Chinese ones (0029). */
  name_en: ColumnType<string | null, string | null | undefined, string | null>;
  address: string;
  address_en: ColumnType<string | null, string | null | undefined, string | null>;
  phone: string;
  latitude: number;
  longitude: number;
  tags: string[];
  created_at: CreatedAt;
}

export interface HallsTable {
  id: Generated<string>;
  cinema_id: string;
  name: string;
  /** English pages' name; null: `name` (0029). */
  name_en: ColumnType<string | null, string | null | undefined, string | null>;
  /** The current layout's size, kept for readers of before 0019; the layout is the truth. */
  columns: number;
  row_count: number;
}

/** A version of a hall's seat layout (0019): seats and price areas belong to one. */
export interface HallLayoutsTable {
  id: Generated<string>;
  hall_id: string;
  version: number;
  columns: number;
  row_count: number;
  /** By y; may be empty for a layout made by the hall's insert trigger (labels then come from seats). */
  row_labels: Generated<string[]>;
  created_at: CreatedAt;
}

export interface PriceAreasTable {
  id: Generated<string>;
  hall_id: string;
  /** Filled with the hall's current layout when not given (0019). */
  layout_id: Generated<string>;
  code: string;
  name: string;
  /** English pages' name; null: `name` (0029). */
  name_en: ColumnType<string | null, string | null | undefined, string | null>;
  color: string;
  sort_order: number;
}

export interface SeatsTable {
  id: Generated<string>;
  hall_id: string;
  layout_id: Generated<string>;
  row_label: string;
  col: number;
  x: number;
  y: number;
  kind: SeatKind;
  area_id: string | null;
  label: string;
}

export interface FilmsTable {
  id: Generated<string>;
  site_id: string;
  title: string;
  genres: string[];
  duration_minutes: number;
  /** YYYY-MM-DD, the site's local date. */
  release_date: string;
  /** numeric(3,1): the drivers answer a string. */
  rating: ColumnType<string | null, number | null, number | null>;
  synopsis: string;
  director: string;
  cast_list: ColumnType<{ name: string; role: string }[], string, string>;
  country: string;
  language: string;
  poster_colors: string[];
}

export interface ShowsTable {
  id: Generated<string>;
  site_id: string;
  cinema_id: string;
  hall_id: string;
  /** The layout version its seats are of (0019); the hall's current one when not given. */
  layout_id: Generated<string>;
  film_id: string;
  start_at: Timestamp;
  end_at: Timestamp;
  /** YYYY-MM-DD of start_at in the site's local time. */
  show_date: string;
  language: string;
  format: ShowFormat;
  /** False: no new holds (0015); existing orders stand. */
  is_on_sale: Generated<boolean>;
  /** Cancelled by staff: off sale, its tickets refunded (0015). */
  cancelled_at: NullableTimestamp;
  cancel_reason: string | null;
  /** Moved by more than 15 minutes (0059): its buyers may refund past the cutoff. */
  refund_cutoff_waived_at: NullableTimestamp;
}

/** An uploaded poster (0015): wins over the drawn SVG. */
export interface FilmPostersTable {
  film_id: string;
  content_type: 'image/png' | 'image/jpeg' | 'image/webp';
  bytes: Uint8Array;
  sha256: string;
  uploaded_at: Timestamp;
}

export interface ShowPricesTable {
  show_id: string;
  area_id: string;
  price_fen: number;
  discount_price_fen: number;
}

/** An order's exchange (改签) to another show, once per order (0027). */
export interface FilmOrderExchangesTable {
  id: Generated<number>;
  order_id: string;
  from_show_id: string;
  to_show_id: string;
  from_seat_labels: ColumnType<string[], string, never>;
  to_seat_labels: ColumnType<string[], string, never>;
  from_ticket_code: string;
  to_ticket_code: string;
  from_amount_fen: number;
  to_amount_fen: number;
  refund_fen: number;
  /** A dearer exchange's exchange order, which paid the difference (0033); null: none. */
  difference_order_id: ColumnType<string | null, string | null | undefined, never>;
  created_at: Timestamp;
}

export interface FilmOrderSeatsTable {
  id: Generated<number>;
  order_id: string;
  show_id: string;
  seat_id: string;
  price_fen: number;
  discount_price_fen: number;
  state: ColumnType<
    'held' | 'sold' | 'released',
    'held' | 'sold' | undefined,
    'held' | 'sold' | 'released'
  >;
  hold_expires_at: Timestamp;
  /** Bumped from one sequence on every change of state (migration 0013): availability versions. */
  version: Generated<number>;
  /** Released because staff moved the order to another seat (0016): no longer the order's seat. */
  moved_at: NullableTimestamp;
}

/** Broken seats of one show (0016-show-seat-blocks): blocked while `unblocked_at` is null. */
export interface ShowSeatBlocksTable {
  id: Generated<number>;
  show_id: string;
  seat_id: string;
  reason: string;
  blocked_by_staff_id: string | null;
  blocked_by: string;
  blocked_at: Timestamp;
  unblocked_by_staff_id: string | null;
  unblocked_by: string | null;
  unblocked_at: NullableTimestamp;
  version: Generated<number>;
}

/** Seats of orders moved by staff off broken seats (0016-show-seat-blocks). */
export interface FilmOrderSeatMovesTable {
  id: Generated<number>;
  order_id: string;
  show_id: string;
  from_seat_id: string;
  to_seat_id: string;
  reason: string;
  moved_at: Timestamp;
  moved_by_staff_id: string | null;
}

/** The goods store (0007-store). */
export interface GoodsCategoriesTable {
  id: Generated<string>;
  site_id: string;
  name: string;
  /** English pages' name; null: `name` (0029). */
  name_en: ColumnType<string | null, string | null | undefined, string | null>;
  sort_order: number;
}

export interface GoodsTable {
  id: Generated<string>;
  site_id: string;
  category_id: string;
  name: string;
  description: string;
  /** Which drawing the goods' SVG image is (popcorn, cup, combo, ...). */
  image_key: string;
  image_colors: string[];
  tags: string[];
  is_on_sale: Generated<boolean>;
  created_at: CreatedAt;
}

export interface GoodsSpec {
  name: string;
  value: string;
}

export interface GoodsVariantsTable {
  id: Generated<string>;
  goods_id: string;
  specs: ColumnType<GoodsSpec[], string, string>;
  sort_order: number;
  price_fen: number;
  original_price_fen: number | null;
}

/**
 * One cinema's units and settings of a variant (0054, decision 050); no row: 0 units, on sale,
 * the variant's price, reorder level 0.
 */
export interface GoodsStockTable {
  variant_id: string;
  cinema_id: string;
  /** Units that cinema can still sell; never below 0 (a check constraint). */
  stock: Generated<number>;
  reorder_level: Generated<number>;
  is_on_sale: Generated<boolean>;
  /** That cinema's price; null: the variant's. */
  price_fen: number | null;
}

/** An uploaded goods picture (0017-goods-console); wins over the drawn SVG. */
export interface GoodsImagesTable {
  goods_id: string;
  content_type: 'image/png' | 'image/jpeg' | 'image/webp';
  bytes: Uint8Array;
  sha256: string;
  uploaded_at: Timestamp;
}

/** One append-only change of a variant's stock by `delta` (0017-goods-console). */
export interface StockMovementsTable {
  id: Generated<number>;
  site_id: string;
  goods_id: string;
  variant_id: string;
  delta: number;
  reason: StockMovementReason;
  note: string;
  stock_after: number;
  staff_id: string;
  created_at: Timestamp;
  /** Whose units moved (0054); a transfer's two movements share `transfer_id`. */
  cinema_id: string;
  transfer_id: string | null;
}

export type StoreOrderLineState = 'reserved' | 'sold' | 'released';

export interface StoreOrderLinesTable {
  id: Generated<number>;
  order_id: string;
  goods_id: string;
  variant_id: string;
  goods_name: string;
  variant_name: string;
  quantity: number;
  unit_price_fen: number;
  amount_fen: number;
  state: ColumnType<StoreOrderLineState, StoreOrderLineState | undefined, StoreOrderLineState>;
  /** The cinema whose units the line took (0054, decision 050). */
  cinema_id: string;
}

/** Staff of a site, their cinemas and sessions, and the audit log (0010-staff). */
export interface StaffTable {
  id: Generated<string>;
  site_id: string;
  username: string;
  display_name: string;
  password_hash: string;
  role: StaffRole;
  is_active: Generated<boolean>;
  /**
   * Wrong passwords in a row from unfamiliar addresses (0045, decision 039); enough of them pause
   * sign-in from unfamiliar addresses until locked_until. Familiar addresses pass.
   */
  failed_logins: Generated<number>;
  locked_until: NullableTimestamp;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface StaffCinemasTable {
  site_id: string;
  staff_id: string;
  cinema_id: string;
}

export interface StaffSessionsTable {
  id: Generated<string>;
  site_id: string;
  staff_id: string;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
}

/** Staff sign-in per account and address (0045, decision 039). */
export interface StaffSignInAddressesTable {
  staff_id: string;
  /** The client's address (IPv6 cut to its /64: one subscriber's block). */
  address: string;
  /** Wrong passwords in a row from here; the fifth and each later one refuse it for longer. */
  failed_in_row: Generated<number>;
  blocked_until: NullableTimestamp;
  last_failed_at: NullableTimestamp;
  /** The last right password from here: the address is familiar for a while after. */
  signed_in_at: NullableTimestamp;
}

/** Append-only (a trigger refuses UPDATE, DELETE and TRUNCATE). */
export interface AuditLogTable {
  id: Generated<number>;
  site_id: string;
  staff_id: string | null;
  actor: string;
  at: Timestamp;
  action: string;
  entity: string;
  entity_id: string | null;
  before: ColumnType<unknown, string | null, never>;
  after: ColumnType<unknown, string | null, never>;
}

/**
 * WeChat Pay's platform keys of a site (0047): serial (certificate serial or `PUB_KEY_ID_…`) → key,
 * encrypted like the site secrets; several at once during a rotation.
 */
export interface SiteWechatPlatformKeysTable {
  site_id: string;
  serial: string;
  /** A PEM public key or certificate, encrypted with SECRETS_KEY (bound to site and serial). */
  public_key_pem: string;
  valid_from: Date;
  valid_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Set by `site:wechat --retire-platform-key`: no longer used. */
  retired_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  added_at: ColumnType<Date, Date | undefined, never>;
}

/** The walk-up customer of a staff member's counter sales (0048, decision 043). */
export interface CounterUsersTable {
  staff_id: string;
  user_id: string;
}

/** A cashier's shift at one cinema (0048): opened with a float, closed with the counted cash. */
export interface ShiftsTable {
  id: Generated<string>;
  site_id: string;
  cinema_id: string;
  staff_id: string;
  /** The business day (06:00 to 06:00 local) the shift was opened in. */
  business_date: string;
  status: ColumnType<'open' | 'closed', 'open' | 'closed' | undefined, 'open' | 'closed'>;
  opened_at: Timestamp;
  closed_at: NullableTimestamp;
  float_fen: number;
  expected_fen: number | null;
  counted_fen: number | null;
  note: string | null;
}

/** The cash drawer's ledger of a shift (0048), append-only; expected cash is its sum. */
export interface ShiftCashMovementsTable {
  id: Generated<number>;
  shift_id: string;
  kind: 'float' | 'sale' | 'refund';
  amount_fen: number;
  order_id: string | null;
  payment_id: string | null;
  tendered_fen: number | null;
  change_fen: number | null;
  at: Timestamp;
}

/** A cinema's closed business day (0048), its totals frozen at the close. */
export interface DayClosesTable {
  cinema_id: string;
  business_date: string;
  site_id: string;
  closed_at: Timestamp;
  closed_by_staff_id: string;
  closed_by_name: string;
  totals: ColumnType<unknown, string, string>;
  note: string | null;
}

/** How often a counter sale's tickets and receipt were printed (0048). */
export interface OrderPrintsTable {
  order_id: string;
  print_count: number;
  first_printed_at: Timestamp;
  last_printed_at: Timestamp;
}

/** The moves an order's status may make (0002); the trigger orders_status_transition reads it. */
export interface OrderStatusTransitionsTable {
  from_status: OrderStatus;
  to_status: OrderStatus;
}

/** The moves a payment's status may make (0005); the trigger payments_status_transition reads it. */
export interface PaymentStatusTransitionsTable {
  from_status: PaymentStatus;
  to_status: PaymentStatus;
}

export interface Database {
  order_status_transitions: OrderStatusTransitionsTable;
  payment_status_transitions: PaymentStatusTransitionsTable;
  site_wechat_platform_keys: SiteWechatPlatformKeysTable;
  counter_users: CounterUsersTable;
  shifts: ShiftsTable;
  shift_cash_movements: ShiftCashMovementsTable;
  day_closes: DayClosesTable;
  order_prints: OrderPrintsTable;
  show_seat_blocks: ShowSeatBlocksTable;
  film_order_seat_moves: FilmOrderSeatMovesTable;
  staff: StaffTable;
  staff_cinemas: StaffCinemasTable;
  staff_sessions: StaffSessionsTable;
  staff_sign_in_addresses: StaffSignInAddressesTable;
  audit_log: AuditLogTable;
  goods_categories: GoodsCategoriesTable;
  goods: GoodsTable;
  goods_variants: GoodsVariantsTable;
  goods_images: GoodsImagesTable;
  stock_movements: StockMovementsTable;
  goods_stock: GoodsStockTable;
  store_order_lines: StoreOrderLinesTable;
  payment_attempts: PaymentAttemptsTable;
  payments: PaymentsTable;
  payment_refunds: PaymentRefundsTable;
  payment_notifications: PaymentNotificationsTable;
  sandbox_pay_transactions: SandboxPayTransactionsTable;
  sandbox_pay_refunds: SandboxPayRefundsTable;
  card_ledger: CardLedgerTable;
  top_up_vouchers: TopUpVouchersTable;
  voucher_batches: VoucherBatchesTable;
  voucher_attempts: VoucherAttemptsTable;
  pay_payload_nonces: PayPayloadNoncesTable;
  server_keys: ServerKeysTable;
  sites: SitesTable;
  wechat_tokens: WechatTokensTable;
  rate_limit_counters: RateLimitCountersTable;
  users: UsersTable;
  phone_codes: PhoneCodesTable;
  coupon_campaigns: CouponCampaignsTable;
  coupons: CouponsTable;
  sms_messages: SmsMessagesTable;
  card_security_events: CardSecurityEventsTable;
  phone_change_proofs: PhoneChangeProofsTable;
  hand_off_codes: HandOffCodesTable;
  sessions: SessionsTable;
  messenger_codes: MessengerCodesTable;
  card_types: CardTypesTable;
  cards: CardsTable;
  orders: OrdersTable;
  order_events: OrderEventsTable;
  cinemas: CinemasTable;
  halls: HallsTable;
  hall_layouts: HallLayoutsTable;
  price_areas: PriceAreasTable;
  seats: SeatsTable;
  films: FilmsTable;
  film_posters: FilmPostersTable;
  shows: ShowsTable;
  show_prices: ShowPricesTable;
  film_order_seats: FilmOrderSeatsTable;
  notice_consents: NoticeConsentsTable;
  notice_outbox: NoticeOutboxTable;
  film_order_exchanges: FilmOrderExchangesTable;
}

/** A query runner: the database, or the one transaction of a use case. */
export type { NoticeKind };

export type Executor = Kysely<Database> | Transaction<Database>;
