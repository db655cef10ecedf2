import { MAX_IMAGE_BYTES } from '@drinks/contracts';
import { compressSearch, TARGET_BYTES } from './compress-search.js';

export const ACCEPT = '.heic,.heif,.png,.jpeg,.jpg,image/heic,image/heif,image/png,image/jpeg';
export const TOO_BIG_MESSAGE = 'File must be smaller than 5 MB';
export const FAILED_MESSAGE = 'Failed to process image. Please try another image.';
/** The photo was fine; the upload never reached the server. */
export const OFFLINE_UPLOAD_MESSAGE = 'The photo could not be sent: there is no connection. Please try again.';

export class TooBigError extends Error {}

const isHeic = (f: File) => /image\/hei[cf]/i.test(f.type) || /\.hei[cf]$/i.test(f.name);
const isAccepted = (f: File) => isHeic(f) || /image\/(png|jpe?g)/i.test(f.type) || /\.(png|jpe?g)$/i.test(f.name);

function readDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('Failed to read file'));
    reader.readAsDataURL(blob);
  });
}

function loadImage(blob: Blob): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(blob);
    const img = new Image();
    img.onload = () => {
      URL.revokeObjectURL(url);
      resolve(img);
    };
    img.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error('Failed to load image'));
    };
    img.src = url;
  });
}

const HEIC_TIMEOUT_MS = 20_000;

/** HEIC/HEIF → JPEG with heic-to (libheif in WebAssembly, its CSP-safe build); null when it cannot. */
async function heicToJpeg(file: File): Promise<Blob | null> {
  try {
    const { heicTo } = await import('heic-to/csp');
    return await Promise.race([
      heicTo({ blob: file, type: 'image/jpeg', quality: 0.9 }),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('HEIC decoding timed out')), HEIC_TIMEOUT_MS),
      ),
    ]);
  } catch (err) {
    console.warn('heic-to could not convert the image', err);
    return null;
  }
}

async function compress(blob: Blob): Promise<Blob> {
  const img = await loadImage(blob);
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('Failed to get canvas context');
  const result = await compressSearch(img.naturalWidth, img.naturalHeight, (w, h, q) => {
    // Redrawn only when the size changes: each quality tried at one size encodes the same pixels.
    if (canvas.width !== w || canvas.height !== h) {
      canvas.width = w;
      canvas.height = h;
      ctx.drawImage(img, 0, 0, w, h);
    }
    return new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('Failed to encode image'))), 'image/jpeg', q),
    );
  });
  return result.out;
}

/**
 * The tumbler photo as a data URL under 1 MB: HEIC/HEIF converted to JPEG, then compressed.
 * Throws TooBigError for files of 5 MB or more; any other failure is logged by the caller.
 */
export async function processTumblerImage(file: File): Promise<string> {
  if (file.size > MAX_IMAGE_BYTES) throw new TooBigError(TOO_BIG_MESSAGE);
  if (!isAccepted(file)) throw new Error(`Unsupported image type ${file.type || file.name}`);
  if (isHeic(file)) {
    // Browsers that decode HEIF themselves (Safari; Chromium for AVIF-coded HEIF) skip the WebAssembly decoder.
    const native = await compress(file).catch(() => null);
    if (native) return readDataUrl(native);
    const converted = await heicToJpeg(file);
    if (!converted) throw new Error('Failed to load image');
    return readDataUrl(converted.size <= TARGET_BYTES ? converted : await compress(converted));
  }
  const small = file.size <= TARGET_BYTES ? file : await compress(file);
  return readDataUrl(small);
}
