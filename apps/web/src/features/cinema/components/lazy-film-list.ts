import { lazyComponent } from '@/lib/lazy-page';
import type { FilmList } from './film-list';

/**
 * The home page's film list, loaded beside the page (not in the entry). One instance for the page
 * and the first-screen preload, so once the preload has its code the page renders it at once.
 */
export const lazyFilmList = lazyComponent<Parameters<typeof FilmList>[0]>(() =>
  import('./film-list').then((module) => ({ default: module.FilmList })),
);
