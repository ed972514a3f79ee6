import { randomBytes } from 'node:crypto';
import {
  checkSeatSelection,
  takenSeatIdsOf,
  type CallAnswer,
  type FilmOrder,
  type cinemaDetailCall,
  type cinemaListCall,
  type cinemaShowsCall,
  type showSeatsCall,
} from '@marquee/contracts';

/**
 * The moviegoers' API from a test, for setting the scene around what the test drives by hand:
 * one call in the envelope (throws on a non-zero code), and paying an order with WeChat Pay on the
 * sandbox's sheet (which then notifies the server, as WeChat does).
 */
export interface MoviegoerApi {
  <T>(
    pathAndQuery: string,
    options?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<T>;
}

export function moviegoerApi(baseUrl: string): MoviegoerApi {
  return async <T>(
    pathAndQuery: string,
    options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<T> => {
    const response = await fetch(`${baseUrl}/api${pathAndQuery}`, {
      method: options.body === undefined ? 'GET' : 'POST',
      headers: {
        site: 'www-test',
        ...(options.token ? { token: options.token } : {}),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const envelope = (await response.json()) as { code: number; msg: string; data: T };
    if (envelope.code !== 0) throw new Error(`${pathAndQuery}: ${envelope.code} ${envelope.msg}`);
    return envelope.data;
  };
}

/** Pay an order (`param` of spec §5) with the sandbox's WeChat Pay sheet: "success". */
export async function payByWechat(
  baseUrl: string,
  token: string,
  param: { orderType: string; orderId: string },
  options: { phone?: string; deliveries?: number } = {},
): Promise<void> {
  const api = moviegoerApi(baseUrl);
  const pay = await api<{ packageValue: string }>('/wxpay/wechatPay', {
    token,
    body: { param, ...(options.phone ? { phone: options.phone } : {}) },
    headers: { 'idempotency-key': `e2e-${randomBytes(8).toString('hex')}` },
  });
  const prepayId = pay.packageValue.replace(/^prepay_id=/, '');
  const sheet = await fetch(`${baseUrl}/sandbox/pay/${prepayId}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      result: 'success',
      ...(options.deliveries === undefined ? {} : { deliveries: options.deliveries }),
    }),
  });
  if (sheet.status !== 200) throw new Error(`sandbox sheet answered ${sheet.status}`);
}

/** Hold two seats of one of tomorrow's shows, as the seat page would (its UI has its own tests). */
export async function holdTwoSeats(baseUrl: string, token: string): Promise<FilmOrder> {
  const api = moviegoerApi(baseUrl);
  const cinemas = await api<CallAnswer<typeof cinemaListCall>>('/cinema/list?pageSize=20', {
    token,
  });
  const shows = [];
  for (const { id } of cinemas.list) {
    const detail = await api<CallAnswer<typeof cinemaDetailCall>>(`/cinema/detail?cinemaId=${id}`, {
      token,
    });
    const date = detail.showDates[1] ?? detail.showDates[0];
    if (!date) continue;
    const day = await api<CallAnswer<typeof cinemaShowsCall>>(
      `/cinema/shows?cinemaId=${id}&date=${date}`,
      { token },
    );
    shows.push(...day.films.flatMap((film) => film.shows));
  }
  for (const show of shows) {
    const map = await api<CallAnswer<typeof showSeatsCall>>(`/show/seats?showId=${show.showId}`, {
      token,
    });
    const taken = takenSeatIdsOf(map);
    for (const row of map.rows) {
      const free = row.seats.filter((seat) => seat.kind === 'normal' && seat.state === 'available');
      for (let i = 0; i + 2 <= free.length; i += 1) {
        const ids = free.slice(i, i + 2).map((seat) => seat.id);
        if (!checkSeatSelection(map, taken, ids, 6).ok) continue;
        return api<FilmOrder>('/filmOrder/create', {
          token,
          body: { showId: show.showId, seatIds: ids },
        });
      }
    }
  }
  throw new Error('no show with two free seats');
}
