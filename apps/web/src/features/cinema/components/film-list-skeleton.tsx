import './cinema.css';
/** Grey rows of the films' size, so the list does not jump when it arrives. */
export function FilmListSkeleton() {
  return (
    <ul className="film-list" aria-hidden>
      {[0, 1, 2, 3].map((key) => (
        <li key={key} className="film-card film-card--skeleton">
          <span className="film-card__poster" />
          <span className="film-card__body">
            <span className="skeleton-line" />
            <span className="skeleton-line skeleton-line--short" />
          </span>
        </li>
      ))}
    </ul>
  );
}
