import pg from 'pg';

/** The channel a PostgreSQL event log announces its new head on (one per schema). */
export function appendedChannel(schema?: string): string {
  return `drinks_appended_${schema ?? 'public'}`;
}

export interface AppendListener {
  /** Resolves once the first LISTEN is in place (for tests and start-up ordering; never rejects). */
  listening: Promise<void>;
  close(): Promise<void>;
}

/**
 * Calls `onAppend` whenever another process commits events (PostgreSQL LISTEN). A lost
 * connection is retried in the background; meanwhile the callers' polling covers the gap.
 */
export function listenForAppends(
  databaseUrl: string,
  schema: string | undefined,
  onAppend: (head: number) => void,
  logger?: { warn(obj: object, msg: string): void },
): AppendListener {
  let client: pg.Client | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let markListening!: () => void;
  const listening = new Promise<void>((resolve) => (markListening = resolve));

  const connect = async (delay: number): Promise<void> => {
    if (closed) return;
    const c = new pg.Client({ connectionString: databaseUrl });
    c.on('notification', (msg) => onAppend(Number(msg.payload ?? 0)));
    c.on('error', (err) => {
      logger?.warn({ err }, 'append listener lost its connection');
      void c.end().catch(() => undefined);
      if (client === c) client = null;
      if (!closed) timer = setTimeout(() => void connect(Math.min(delay * 2, 5000)), delay);
    });
    try {
      await c.connect();
      await c.query(`LISTEN "${appendedChannel(schema)}"`);
      if (closed) await c.end();
      else {
        client = c;
        markListening();
      }
    } catch (err) {
      logger?.warn({ err }, 'append listener cannot connect yet');
      await c.end().catch(() => undefined);
      if (!closed) timer = setTimeout(() => void connect(Math.min(delay * 2, 5000)), delay);
    }
  };
  void connect(250);

  return {
    listening,
    async close() {
      closed = true;
      markListening();
      clearTimeout(timer);
      await client?.end().catch(() => undefined);
      client = null;
    },
  };
}
