import { createECDH } from 'node:crypto';

/** What is wrong with a VAPID key pair (base64url, as `web-push generate-vapid-keys` prints it), by key. */
export interface VapidKeyProblem {
  key: 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY';
  message: string;
}

/**
 * Null for a P-256 pair whose public key is the one its private key gives: push services check our
 * signatures against the public key browsers subscribed with, so a mismatched pair fails every push.
 */
export function vapidKeyPairProblem(keys: { publicKey: unknown; privateKey: unknown }): VapidKeyProblem | null {
  const priv = Buffer.from(String(keys.privateKey ?? ''), 'base64url');
  const pub = Buffer.from(String(keys.publicKey ?? ''), 'base64url');
  if (priv.length !== 32) return { key: 'VAPID_PRIVATE_KEY', message: 'must be a P-256 private key (32 bytes)' };
  let derived: Buffer;
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(priv);
    derived = ecdh.getPublicKey();
  } catch {
    return { key: 'VAPID_PRIVATE_KEY', message: 'is not a P-256 private key (zero, or not below the group order)' };
  }
  if (pub.length !== 65 || pub[0] !== 4) {
    return { key: 'VAPID_PUBLIC_KEY', message: 'must be an uncompressed P-256 public key (65 bytes)' };
  }
  if (!pub.equals(derived)) {
    return {
      key: 'VAPID_PUBLIC_KEY',
      message: 'is not the public key of VAPID_PRIVATE_KEY (set a pair generated together)',
    };
  }
  return null;
}
