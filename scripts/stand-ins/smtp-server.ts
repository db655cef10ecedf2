import { type AddressObject, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
}

export interface TestSmtp {
  url: string;
  mails: ReceivedMail[];
  /** Polls until a mail to `to` holding a link containing `kind` arrives, and answers that link. */
  link(to: string, kind: string, timeoutMs?: number): Promise<string>;
  /** The same, answering the link's token. */
  linkToken(to: string, kind: string, timeoutMs?: number): Promise<string>;
  close(): Promise<void>;
}

const addresses = (a: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(a) ? a : a ? [a] : []).flatMap((o) => o.value.map((v) => v.address ?? ''));

// A real SMTP server (smtp-server from the registry) for the tests, in the test's own process; the
// services' integration tests and the browser tests both use it.

/**
 * A real SMTP server on a free port of this machine: every mail is parsed and kept. `refuses`: the
 * recipients it answers 550 (mailbox unavailable), as a mail server refusing a message does.
 */
export async function startTestSmtp(options: { refuses?: (to: string) => boolean } = {}): Promise<TestSmtp> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!options.refuses?.(address.address)) return callback();
      callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          for (const to of addresses(parsed.to))
            mails.push({ to, subject: parsed.subject ?? '', text: parsed.text ?? '' });
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const link = async (to: string, kind: string, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const mail = mails.findLast((m) => m.to === to && m.text.includes(kind));
      const found = mail?.text.match(/https?:\/\/\S+token=[A-Za-z0-9_-]+/)?.[0];
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no mail with ${kind} to ${to}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const linkToken = async (to: string, kind: string, timeoutMs?: number) =>
    new URL(await link(to, kind, timeoutMs)).searchParams.get('token')!;

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    link,
    linkToken,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
