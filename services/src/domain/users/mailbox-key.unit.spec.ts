import { mailboxKey } from '@drinks/contracts';
import { describe, expect, it } from 'vitest';

describe('mailboxKey', () => {
  it('reads user+tag@ and any case as the one mailbox user@', () => {
    expect(mailboxKey(' Nid+Coffee@Woxa.Tech ')).toBe('nid@woxa.tech');
    expect(mailboxKey('nid@woxa.tech')).toBe('nid@woxa.tech');
    expect(mailboxKey('a+b+c@woxa.tech')).toBe('a@woxa.tech');
  });
});
