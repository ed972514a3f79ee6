/**
 * Film posters drawn as SVG from the film's title and two colours: the demo needs images, and
 * nothing may be fetched from the internet. A real chain would upload its posters instead.
 */
const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

const safeColor = (color: string | undefined, fallback: string) =>
  color && /^#[0-9a-f]{3,8}$/i.test(color) ? color : fallback;

export function posterSvg(film: {
  id: string;
  title: string;
  genres: string[];
  poster_colors: string[];
}): string {
  const from = safeColor(film.poster_colors[0], '#1f2937');
  const to = safeColor(film.poster_colors[1], '#6b7280');
  const chars = [...film.title];
  // Titles run top to bottom like a Chinese poster; long ones split into two columns.
  const perColumn = chars.length > 6 ? Math.ceil(chars.length / 2) : chars.length;
  const columns = [chars.slice(0, perColumn), chars.slice(perColumn)].filter((c) => c.length > 0);
  const size = 34;
  const title = columns
    .map((column, index) => {
      const x = 240 - 30 - index * (size + 8);
      return column
        .map(
          (char, row) =>
            `<text x="${x}" y="${70 + row * (size + 6)}" font-size="${size}" text-anchor="middle">${escapeXml(char)}</text>`,
        )
        .join('');
    })
    .join('');
  const genres = escapeXml(film.genres.join(' · '));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="270" height="380" viewBox="0 0 270 380" role="img" aria-label="${escapeXml(film.title)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="0.6" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="270" height="380" fill="url(#g)"/>
<circle cx="70" cy="300" r="120" fill="#ffffff" opacity="0.08"/>
<circle cx="40" cy="90" r="50" fill="#ffffff" opacity="0.06"/>
<g fill="#ffffff" font-family="'Noto Serif CJK SC','Source Han Serif SC','Songti SC',serif" font-weight="700">${title}</g>
<text x="20" y="352" fill="#ffffff" opacity="0.85" font-size="15" font-family="sans-serif">${genres}</text>
</svg>`;
}
