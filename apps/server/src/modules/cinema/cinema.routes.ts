import type { FastifyInstance } from 'fastify';
import {
  cinemaDetailCall,
  cinemaListCall,
  cinemaShowsCall,
  filmDetailCall,
  filmListCall,
  filmShowsCall,
} from '@marquee/contracts';
import type { AppDeps } from '../../app-deps.js';
import { bindCall } from '../../plugins/calls.js';
import { sendStoredImage } from '../../lib/uploaded-image.js';
import { sendError } from '../../plugins/error-handler.js';
import * as cinemaService from './cinema.service.js';
import { findUploadedPoster } from './film-console.service.js';
import { svgToPng } from '../../lib/svg-png.js';
import { posterSvg } from './poster.js';

export function registerCinemaRoutes(app: FastifyInstance, deps: AppDeps): void {
  bindCall(app, deps, cinemaListCall, ({ site, query, lang }) =>
    cinemaService.listCinemas(deps, site, query, lang),
  );
  bindCall(app, deps, cinemaDetailCall, ({ site, query, lang }) =>
    cinemaService.getCinemaDetail(deps, site, query, lang),
  );
  bindCall(app, deps, cinemaShowsCall, ({ site, query, lang }) =>
    cinemaService.listCinemaShows(deps, site, query, lang),
  );
  bindCall(app, deps, filmListCall, ({ site, query, lang }) =>
    cinemaService.listFilms(deps, site, query.status, lang),
  );
  bindCall(app, deps, filmDetailCall, ({ site, query, lang }) =>
    cinemaService.getFilmDetail(deps, site, query, lang),
  );
  bindCall(app, deps, filmShowsCall, ({ site, query, lang }) =>
    cinemaService.listFilmShows(deps, site, query, lang),
  );

  // An image for <img src>: no site header, no envelope; films are found by their unique id.
  // `{id}.png` is the same poster for WeChat's share thumbnails (no SVG there): an uploaded PNG or
  // JPEG as it is, otherwise the drawn poster rendered to PNG.
  app.get<{ Params: { file: string } }>('/api/film/poster/:file', async (request, reply) => {
    const isPng = request.params.file.endsWith('.png');
    const filmId = request.params.file.replace(/\.(svg|png)$/, '');
    const film = await cinemaService.findPosterFilm(deps.db, filmId);
    if (!film) return sendError(request, reply, 'NOT_FOUND', { what: '海报', whatEn: 'Poster' });
    // An uploaded poster wins over the drawn one; the URL stays the same (posterUrl), so browsers
    // revalidate after a few minutes and a new upload shows without a new link.
    const uploaded = await findUploadedPoster(deps.db, film.id);
    if (uploaded && (!isPng || uploaded.content_type !== 'image/webp')) {
      return sendStoredImage(request, reply, uploaded);
    }
    if (isPng) {
      return reply
        .header('content-type', 'image/png')
        .header('cache-control', 'public, max-age=300')
        .send(svgToPng(posterSvg(film)));
    }
    return reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(posterSvg(film));
  });
}
