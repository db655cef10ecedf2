// The application-facing write API the HTTP routes call: each builds its query,
// runs the decider through handleCommand and returns the AppendResult (plus new ids).
export {
  placeOrder,
  startOrder,
  completeOrder,
  rejectOrder,
  cancelOrder,
  pickUpOrder,
  handOverOrder,
  recallOrder,
  type PlaceOrderInput,
  type OrderTransitionInput,
} from './orders/commands.js';
export { changeShopStatus } from './shop/commands.js';
export { createCategory, changeCategory, removeCategory, createMenu, changeMenu } from './catalog/commands.js';
export { registerUser, renameUser, changeUser, handleOwnUserCommand, userInLog } from './users/commands.js';
