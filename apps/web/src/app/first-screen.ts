import type { FilmStatus } from '@marquee/contracts';
import { lazyFilmList } from '@/features/cinema/components/lazy-film-list';
import { readToken } from '@/lib/cookies';
import { queryClient } from './providers';

/**
 * The data a page's first screen shows, asked for while its code and sign-in load:
 * otherwise it waits for sign-in, then the page's code, then its own request, one after another.
 * Only calls that need no session; each fetcher is imported on demand, so the entry stays small.
 * Each returns when the first screen's code and data are in (main.tsx renders once they are).
 */
export type FirstScreenData = (url: URL) => Promise<unknown> | undefined;

/** A picture fetched now; nothing in the server's render of the page (entry-server.tsx). */
function preloadPicture(url: string) {
  if (typeof Image !== 'undefined') new Image().src = url;
}

export const firstScreenData = {
  homeIndex(url) {
    const status: FilmStatus = url.searchParams.get('status') === 'coming' ? 'coming' : 'showing';
    const code = lazyFilmList.load();
    const data = import('@/features/cinema/api/get-film-list').then(
      async ({ filmListQuery, FIRST_SCREEN_FILMS }) => {
        const films = await queryClient.fetchQuery(filmListQuery(status));
        // The posters are the page's largest paint: fetch them now, not after the page renders.
        for (const film of films.list.slice(0, FIRST_SCREEN_FILMS)) preloadPicture(film.posterUrl);
      },
      () => undefined,
    );
    return Promise.all([code, data]);
  },
  cinemaSeat(url) {
    const showId = url.searchParams.get('showId');
    if (!showId) return undefined;
    return import('@/features/film-order/api/get-show-seats').then(
      ({ showSeatsQuery }) => queryClient.prefetchQuery(showSeatsQuery(showId)),
      () => undefined,
    );
  },
  storeProductList(url) {
    const categoryId = url.searchParams.get('categoryId') ?? '0';
    const categories = import('@/features/store/api/get-category-list').then(
      ({ categoryListQuery }) => queryClient.prefetchQuery(categoryListQuery),
      () => undefined,
    );
    const goodsList = import('@/features/store/api/get-goods-list').then(
      async ({ goodsListQueryOptions }) => {
        const goods = await queryClient.fetchInfiniteQuery(
          goodsListQueryOptions(categoryId === '0' ? null : categoryId),
        );
        // The first page's pictures (the list sorts them by price, so all of that page's).
        for (const item of goods.pages[0]?.list ?? []) preloadPicture(item.imageUrl);
      },
      () => undefined,
    );
    return Promise.all([categories, goodsList]);
  },
} satisfies Record<string, FirstScreenData>;

/**
 * Whether this page load ends signed in here: with a session cookie, a token to take, or an
 * authorisation code to exchange. Without any, sign-in leaves for the authorisation page at once
 * and whatever was preloaded would be thrown away.
 */
export function isSigningIn(url: URL): boolean {
  return (
    readToken() !== undefined || url.searchParams.has('setToken') || url.searchParams.has('code')
  );
}
