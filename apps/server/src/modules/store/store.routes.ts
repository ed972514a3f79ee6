import type { FastifyInstance } from 'fastify';
import {
  cancelStoreOrderCall,
  createStoreOrderCall,
  getCategoryListCall,
  getGoodsDetailCall,
  getGoodsListCall,
  snackOffersCall,
} from '@marquee/contracts';
import type { AppDeps } from '../../app-deps.js';
import { bindCall } from '../../plugins/calls.js';
import { sendStoredImage } from '../../lib/uploaded-image.js';
import { sendError } from '../../plugins/error-handler.js';
import type { SignedInUser } from '../auth/index.js';
import { getOrderDetail } from '../orders/index.js';
import type { SiteRow } from '../site/index.js';
import * as catalogueService from './catalogue.service.js';
import { goodsImageSvg } from './goods-image.js';
import { findUploadedGoodsImage } from './goods-console.service.js';
import * as storeOrderService from './store-order.service.js';
import { svgToPng } from '../../lib/svg-png.js';

export function registerStoreRoutes(app: FastifyInstance, deps: AppDeps): void {
  const readOrder = (site: SiteRow, user: SignedInUser, orderId: string) =>
    getOrderDetail(deps, site, user, orderId);
  bindCall(app, deps, getCategoryListCall, ({ site, lang }) =>
    catalogueService.listCategories(deps, site, lang),
  );
  bindCall(app, deps, getGoodsListCall, ({ site, query, lang }) =>
    catalogueService.listGoods(deps, site, query, lang),
  );
  bindCall(app, deps, snackOffersCall, ({ site, query }) =>
    catalogueService.listSnackOffers(deps, site, query),
  );
  bindCall(app, deps, getGoodsDetailCall, ({ site, query, lang }) =>
    catalogueService.getGoodsDetail(deps, site, query, lang),
  );
  bindCall(app, deps, createStoreOrderCall, async ({ site, user, body }) =>
    readOrder(site, user, await storeOrderService.createStoreOrder(deps, site, user, body)),
  );
  bindCall(app, deps, cancelStoreOrderCall, async ({ site, user, body }) => {
    await storeOrderService.cancelStoreOrder(deps, user, body.orderId);
    return readOrder(site, user, body.orderId);
  });

  // An image for <img src>: no site header, no envelope; goods are found by their unique id.
  // `{id}.png` is the same picture as PNG, for WeChat's share thumbnails (no SVG there).
  app.get<{ Params: { file: string } }>('/api/goods/image/:file', async (request, reply) => {
    const isPng = request.params.file.endsWith('.png');
    const goodsId = request.params.file.replace(/\.(svg|png)$/, '');
    const goods = await catalogueService.findImageGoods(deps.db, goodsId);
    if (!goods) return sendError(request, reply, 'NOT_FOUND', { what: '图片', whatEn: 'Image' });
    // An uploaded picture wins over the drawn one at the same URL (imageUrl): browsers revalidate
    // after a few minutes, so a new upload shows without a new link. Share messages ask for PNG.
    const uploaded = await findUploadedGoodsImage(deps.db, goods.id);
    if (uploaded && (!isPng || uploaded.content_type !== 'image/webp')) {
      return sendStoredImage(request, reply, uploaded);
    }
    reply.header('cache-control', 'public, max-age=300');
    if (isPng) {
      return reply.header('content-type', 'image/png').send(svgToPng(goodsImageSvg(goods)));
    }
    return reply.header('content-type', 'image/svg+xml; charset=utf-8').send(goodsImageSvg(goods));
  });
}
