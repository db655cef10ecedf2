import type { ChangePasswordBody, Tokens } from '@drinks/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { saveTokens } from '../../../lib/storage.js';

export const changePassword = (body: ChangePasswordBody) => api<Tokens>('/user/password', { method: 'PUT', body });

/** Every other session ends; this browser carries on with the fresh pair. */
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword, onSuccess: saveTokens });
}
