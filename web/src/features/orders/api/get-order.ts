import type { Order } from '@drinks/contracts';
import { api } from '../../../lib/api-client.js';

export const getOrder = (id: string) => api<Order>(`/order/${id}`);
