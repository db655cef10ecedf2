import type { Order } from '@drinks/contracts';
import { RejectedAlternatives } from '../../features/insights/components/alternatives.js';
import { WaitEstimateLine } from '../../features/insights/components/wait-estimate.js';
import { OrderCard } from '../../features/orders/components/order-card.js';

/** A customer's order card with what insights adds: the wait estimate and, once rejected, alternatives. */
export function CustomerOrderCard({ order, orderAgain = false }: { order: Order; orderAgain?: boolean }) {
  return (
    <OrderCard
      order={order}
      orderAgain={orderAgain}
      details={
        <>
          <WaitEstimateLine order={order} />
          <RejectedAlternatives order={order} />
        </>
      }
    />
  );
}
