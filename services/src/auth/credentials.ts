import { systemClock, type Clock } from '../clock.js';
import { RuleViolation } from '../errors.js';
import { isUniqueViolation, type KnexDb } from './db-port.js';

export interface Credential {
  userId: string;
  email: string;
  passwordHash: string;
}

export interface CredentialStore {
  create(userId: string, email: string, passwordHash: string): Promise<void>;
  findByEmail(email: string): Promise<Credential | null>;
  remove(userId: string): Promise<void>;
  updateHash(userId: string, passwordHash: string): Promise<void>;
}

const normalize = (email: string) => email.trim().toLowerCase();

export function createCredentialStore(db: KnexDb, clock: Clock = systemClock): CredentialStore {
  const table = () => db.knex('credentials');
  return {
    async create(userId, email, passwordHash) {
      try {
        await table().insert({
          user_id: userId,
          email: normalize(email),
          password_hash: passwordHash,
          created_at: clock().toISOString(),
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new RuleViolation('EMAIL_TAKEN');
        throw err;
      }
    },
    async findByEmail(email) {
      const row = await table()
        .where({ email: normalize(email) })
        .first('user_id', 'email', 'password_hash');
      return row ? { userId: row.user_id, email: row.email, passwordHash: row.password_hash } : null;
    },
    async remove(userId) {
      await table().where({ user_id: userId }).delete();
    },
    async updateHash(userId, passwordHash) {
      await table().where({ user_id: userId }).update({ password_hash: passwordHash });
    },
  };
}
