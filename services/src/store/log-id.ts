import { randomUUID } from 'node:crypto';
import { keptInDatabase } from '../auth/kept-setting.js';
import type { KnexDb } from '../auth/db-port.js';

/**
 * The id of this database's event log, made at its first start and kept in its `settings` table: one for every
 * process on a PostgreSQL database (schema), another for each SQLite file. A backup carries it along. The NATS
 * stream the log is published to is marked with it, so another log's process cannot publish into that stream.
 */
export function loadLogId(db: KnexDb): Promise<string> {
  return keptInDatabase(db, 'log-id', () => randomUUID());
}
