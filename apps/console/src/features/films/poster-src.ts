import type { ConsoleFilm } from '@marquee/contracts/console';

/** The poster URL with its version, so a new upload shows at once. */
export const posterSrc = (film: Pick<ConsoleFilm, 'posterUrl' | 'posterVersion'>) =>
  film.posterVersion ? `${film.posterUrl}?v=${film.posterVersion}` : film.posterUrl;
