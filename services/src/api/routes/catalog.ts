import Router from '@koa/router';
import { CategoryCreateBody, CategoryPatchBody, Id, MenuCreateBody, MenuPatchBody } from '@drinks/contracts';
import { getCategory, getMenu, listCategories } from '@drinks/projections';
import { changeCategory, changeMenu, createCategory, createMenu, removeCategory } from '../../domain/index.js';
import { NotFoundError } from '../../errors.js';
import type { AppDeps } from '../deps.js';
import { type AppState, signedIn, staffOnly } from '../middleware/auth.js';
import { parse, pathParam } from '../parse.js';
import { commandMetadata } from './command-metadata.js';
import { randomUUID } from 'node:crypto';

/** What the catalog routes use of the app's ports. */
export type CatalogRouteDeps = Pick<AppDeps, 'db' | 'readYourWrites' | 'store'>;

export function catalogRoutes(deps: CatalogRouteDeps) {
  const router = new Router<AppState>({ prefix: '/api' });
  const knex = deps.db.knex;

  async function categoryOr404(id: string) {
    const category = await getCategory(knex, parse(Id, id, 'id'));
    if (!category) throw new NotFoundError('No such category.');
    return category;
  }
  async function menuOr404(id: string) {
    const menu = await getMenu(knex, parse(Id, id, 'id'));
    if (!menu) throw new NotFoundError('No such menu.');
    return menu;
  }

  router.get('/category', signedIn, async (ctx) => {
    ctx.body = await listCategories(knex);
  });

  router.get('/category/:id', signedIn, async (ctx) => {
    ctx.body = await categoryOr404(pathParam(ctx));
  });

  router.post('/category', staffOnly, async (ctx) => {
    const body = parse(CategoryCreateBody, ctx.request.body);
    const categoryId = randomUUID();
    const result = await createCategory(deps.store, { categoryId, ...body }, commandMetadata(ctx));
    await deps.readYourWrites(result.lastPosition);
    ctx.status = 201;
    ctx.body = await categoryOr404(result.categoryId ?? categoryId);
  });

  router.patch('/category/:id/unavailable', staffOnly, async (ctx) => {
    await categoryOr404(pathParam(ctx));
    const result = await removeCategory(deps.store, { categoryId: pathParam(ctx) }, commandMetadata(ctx));
    await deps.readYourWrites(result.lastPosition);
    ctx.body = await categoryOr404(pathParam(ctx));
  });

  router.patch('/category/:id', staffOnly, async (ctx) => {
    const patch = parse(CategoryPatchBody, ctx.request.body);
    await categoryOr404(pathParam(ctx));
    const result = await changeCategory(deps.store, { categoryId: pathParam(ctx), patch }, commandMetadata(ctx));
    await deps.readYourWrites(result.lastPosition);
    ctx.body = await categoryOr404(pathParam(ctx));
  });

  router.post('/menu', staffOnly, async (ctx) => {
    // The API's category_id is the domain's categoryId from here inward (as in PATCH /menu/{id}).
    const { category_id: categoryId, ...body } = parse(MenuCreateBody, ctx.request.body);
    const menuId = randomUUID();
    const result = await createMenu(deps.store, { menuId, ...body, categoryId }, commandMetadata(ctx));
    await deps.readYourWrites(result.lastPosition);
    ctx.status = 201;
    ctx.body = await menuOr404(result.menuId ?? menuId);
  });

  router.patch('/menu/:id', staffOnly, async (ctx) => {
    const { category_id: categoryId, ...patch } = parse(MenuPatchBody, ctx.request.body);
    await menuOr404(pathParam(ctx));
    const result = await changeMenu(
      deps.store,
      { menuId: pathParam(ctx), patch: { ...patch, categoryId } },
      commandMetadata(ctx),
    );
    await deps.readYourWrites(result.lastPosition);
    ctx.body = await menuOr404(pathParam(ctx));
  });

  return router;
}
