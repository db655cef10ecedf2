import Router from '@koa/router';
import { UploadImageBody } from '@drinks/contracts';
import { NotFoundError } from '../../errors.js';
import type { AppDeps } from '../deps.js';
import { type AppState, currentUser, signedIn } from '../middleware/auth.js';
import { parse } from '../parse.js';

/** What the image routes use of the app's ports. */
export type ImageRouteDeps = Pick<AppDeps, 'images' | 'uploadLimit'>;

export function imageRoutes(deps: ImageRouteDeps) {
  const router = new Router<AppState>({ prefix: '/api' });

  router.post('/upload/image', signedIn, async (ctx) => {
    await deps.uploadLimit.hit([`upload:${currentUser(ctx).id}`]);
    const body = parse(UploadImageBody, ctx.request.body);
    ctx.status = 201;
    ctx.body = await deps.images.upload(body.file);
  });

  router.get('/images/:name', async (ctx) => {
    // Any name that names no stored image is not found, however long or odd (get checks it against the hash names).
    const image = await deps.images.get(ctx.params.name ?? '');
    if (!image) throw new NotFoundError('No such image.');
    ctx.type = image.contentType;
    // Named by content hash: the bytes behind a name never change.
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.body = image.bytes;
  });

  return router;
}
