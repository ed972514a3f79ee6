/** The app's discovery URLs; their query parameters keep reload and sharing working. */
export function seatPath(showId: string): string {
  return `/cinema/seat?showId=${encodeURIComponent(showId)}`;
}

export function filmPath(filmId: string): string {
  return `/cinema/film?filmId=${encodeURIComponent(filmId)}`;
}

export function cinemaPath(
  cinemaId: string,
  extra: { filmId?: string; date?: string } = {},
): string {
  const params = new URLSearchParams({ cinemaId });
  if (extra.filmId) params.set('filmId', extra.filmId);
  if (extra.date) params.set('date', extra.date);
  return `/cinema/detail?${params.toString()}`;
}
