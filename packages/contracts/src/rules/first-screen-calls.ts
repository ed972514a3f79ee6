import { authConfigCall } from '../calls/auth.js';
import { filmListCall } from '../calls/cinema.js';
import { showAvailabilityCall, showLayoutCall } from '../calls/seat-map.js';
import { getCategoryListCall, getGoodsListCall } from '../calls/store.js';
import { FIRST_SCREEN_FILMS, FIRST_SCREEN_GOODS, GOODS_PAGE_SIZE } from './first-screen.js';
import { goodsListQuery } from './goods.js';

/**
 * Which public calls the landing pages' first screen shows (no session needed), as the web app asks
 * them while it signs in (apps/web/src/app/first-screen.ts), so the server can write their answers
 * into the page it serves (decision 033); and which of their pictures are the page's largest paint.
 */

/** A public GET call as the web app asks it. */
export interface FirstScreenCall {
  path: string;
  query: Record<string, string | number>;
}

/**
 * The calls the first screen of a landing page shows: the film list on /home/index, the seat
 * map's two halves on /cinema/seat, the categories and the first page of goods on
 * /store/product/list, and on each the site's sign-in settings and brand. Nothing for any other
 * page.
 */
export function firstScreenCalls(pathname: string, params: URLSearchParams): FirstScreenCall[] {
  const pageCalls = landingPageCalls(pathname, params);
  // The site's brand and sign-in settings: sign-in asks them as every page opens.
  return pageCalls.length > 0 ? [{ path: authConfigCall.path, query: {} }, ...pageCalls] : [];
}

function landingPageCalls(pathname: string, params: URLSearchParams): FirstScreenCall[] {
  switch (pathname) {
    case '/home/index':
      return [
        {
          path: filmListCall.path,
          query: { status: params.get('status') === 'coming' ? 'coming' : 'showing' },
        },
      ];
    case '/cinema/seat': {
      const showId = params.get('showId');
      if (!showId) return [];
      return [
        { path: showLayoutCall.path, query: { showId } },
        { path: showAvailabilityCall.path, query: { showId } },
      ];
    }
    case '/store/product/list':
      return [
        { path: getCategoryListCall.path, query: {} },
        {
          path: getGoodsListCall.path,
          query: goodsListQuery({
            categoryId: params.get('categoryId'),
            pageNum: 1,
            pageSize: GOODS_PAGE_SIZE,
          }),
        },
      ];
    default:
      return [];
  }
}

/** The pictures of a call's answer that the first screen shows (the page's largest paint). */
export function firstScreenPictures(path: string, answer: unknown): string[] {
  if (path === filmListCall.path) {
    const list = (answer as { list?: { posterUrl?: unknown }[] } | null)?.list ?? [];
    return urls(list.slice(0, FIRST_SCREEN_FILMS).map((film) => film.posterUrl));
  }
  if (path === getGoodsListCall.path) {
    const list = (answer as { list?: { imageUrl?: unknown }[] } | null)?.list ?? [];
    return urls(list.slice(0, FIRST_SCREEN_GOODS).map((goods) => goods.imageUrl));
  }
  return [];
}

const urls = (values: unknown[]) =>
  values.filter((value): value is string => typeof value === 'string' && value !== '');
