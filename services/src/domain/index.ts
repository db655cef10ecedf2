export * from './commands.js';
export { handleCommand, type HandleCommandArgs } from './handle-command.js';
export type { Decider } from './decider.js';
export type { Actor } from './actor.js';
export { ordersDecider, type OrderCommand } from './orders/decide.js';
export { shopDecider, type ShopCommand } from './shop/decide.js';
export { catalogDecider, type CatalogCommand } from './catalog/decide.js';
export { usersDecider, type UserCommand } from './users/decide.js';
