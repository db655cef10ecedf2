import webpush from 'web-push';
import type { KnexDb } from '../auth/db-port.js';
import { keptSetting } from '../auth/kept-setting.js';
import { ConfigError, type Config } from '../config.js';
import { vapidKeyPairProblem } from './vapid-key-pair.js';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** mailto: or https:// — where a push service can reach whoever runs this. */
  subject: string;
}

type VapidConfig = Pick<Config, 'COMPANY_EMAIL_DOMAIN' | 'DATA_DIR'> &
  Partial<Pick<Config, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'APP_URL' | 'DATABASE_URL'>>;

const SETTINGS_KEY = 'vapid-keys';
const REMEDY = 'delete it or set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY.';

/**
 * VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when set; else a key pair generated at first start and kept like the
 * JWT secret: in `${DATA_DIR}/vapid-keys.json`, or with PostgreSQL in the `settings` table, so every process
 * signs with the key the browsers subscribed with.
 */
export async function loadVapidKeys(config: VapidConfig, db?: KnexDb): Promise<VapidKeys> {
  const subject = vapidSubject(config);
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { ...checked({ publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY }, 'env'), subject };
  }
  if (config.DATABASE_URL && !db) throw new Error('loadVapidKeys needs the database when DATABASE_URL is set.');
  const { text, where } = await keptSetting({
    name: SETTINGS_KEY,
    fileName: 'vapid-keys.json',
    dataDir: config.DATA_DIR,
    db: config.DATABASE_URL ? db : undefined,
    generate: () => JSON.stringify(webpush.generateVAPIDKeys()),
  });
  if (text === '') throw new ConfigError(`VAPID_PUBLIC_KEY: ${where} is empty; ${REMEDY}`);
  return { ...checked(parse(text, where), where), subject };
}

export function vapidSubject(config: Pick<VapidConfig, 'VAPID_SUBJECT' | 'APP_URL' | 'COMPANY_EMAIL_DOMAIN'>): string {
  if (config.VAPID_SUBJECT) return config.VAPID_SUBJECT;
  if (config.APP_URL?.startsWith('https://')) return config.APP_URL;
  return `mailto:admin@${config.COMPANY_EMAIL_DOMAIN}`;
}

type KeyPair = Pick<VapidKeys, 'publicKey' | 'privateKey'>;

function parse(text: string, where: string): KeyPair {
  try {
    return JSON.parse(text) as KeyPair;
  } catch {
    throw new ConfigError(`VAPID_PUBLIC_KEY: ${where} is not JSON; ${REMEDY}`);
  }
}

/**
 * A P-256 key pair as the Push API wants it (a 65-byte uncompressed point and the 32-byte scalar it comes
 * from); a stored pair that is not one stops the start like a bad VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY.
 */
function checked(keys: KeyPair, where: string): KeyPair {
  const problem = vapidKeyPairProblem(keys);
  if (problem && where === 'env') throw new ConfigError(`${problem.key}: ${problem.message}`);
  if (problem) throw new ConfigError(`${problem.key}: the one in ${where} ${problem.message}; ${REMEDY}`);
  return { publicKey: keys.publicKey, privateKey: keys.privateKey };
}
