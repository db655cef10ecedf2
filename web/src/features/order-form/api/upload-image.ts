import { api } from '../../../lib/api-client.js';

export const uploadImage = (dataUrl: string) =>
  api<{ url: string }>('/upload/image', { method: 'POST', body: { file: dataUrl } });
