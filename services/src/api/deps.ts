import type { User } from '@drinks/contracts';
import type { Logger } from 'pino';
import type { CompanySignIn } from '../auth/company-sign-in.js';
import type { createCredentialStore } from '../auth/credentials.js';
import type { EmailLinks } from '../auth/email-links.js';
import type { RateLimit } from '../auth/rate-limit.js';
import type { createLoginThrottle } from '../auth/throttle.js';
import type { createTokenService } from '../auth/tokens.js';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { createImageService } from '../images/images.js';
import type { Mailer } from '../mail/mailer.js';
import type { PushSubscriptions } from '../push/subscriptions.js';
import type { EventStore } from '../store/types.js';
import type { Metrics } from './metrics.js';

/** The ports every route factory receives. */
export interface AppDeps {
  config: Config;
  clock: Clock;
  logger: Logger;
  db: Db;
  store: EventStore;
  /**
   * Waits (about a second) for the read models to reach `position`, and goes on whether they did or not: for
   * a caller that answers from the log itself when they did not (orders.ts).
   */
  waitFor(position: number): Promise<void>;
  /**
   * Read-your-writes for a command that answers from the read models: waits (a few seconds) until they have
   * reached `position`, else throws ReadModelsBehind (503). Whatever must follow from the command (a sign-out
   * on disabling) is done before, from its events.
   */
  readYourWrites(position: number): Promise<void>;
  /** A lower bound of the position every read model has reached, without waiting (READ_POSITION_HEADER). */
  readPosition(): number;
  passwords: {
    hash(password: string): Promise<string>;
    verify(password: string, hash: string): Promise<boolean>;
    /** True for a hash made with an older algorithm or cost: replaced after the next good login. */
    needsRehash(hash: string): boolean;
    dummyHash: string;
  };
  tokens: ReturnType<typeof createTokenService>;
  credentials: ReturnType<typeof createCredentialStore>;
  throttle: ReturnType<typeof createLoginThrottle>;
  /** Null unless OIDC_ISSUER is set. */
  companySignIn: CompanySignIn | null;
  mailer: Mailer;
  emailLinks: EmailLinks;
  /** Registrations and reset requests, per client address and per mailbox. */
  mailLimits: { perAddress: RateLimit; perMailbox: RateLimit };
  images: ReturnType<typeof createImageService>;
  /** Uploads per user per day. */
  uploadLimit: RateLimit;
  /** `get` reads the users projection; `current` is the per-request check's cached copy (see user-cache.ts). */
  users: {
    get(id: string): Promise<User | null>;
    current(id: string): Promise<User | null>;
  };
  metrics: Metrics;
  /** Web Push: the VAPID public key browsers subscribe with, the stored subscriptions, the endpoints allowed. */
  push: { publicKey: string; subscriptions: PushSubscriptions; endpointAllowed(endpoint: string): boolean };
  /** Database reachable and every projection within 1 s of the log. */
  readiness(): Promise<{ ready: boolean; detail: Record<string, unknown> }>;
}
