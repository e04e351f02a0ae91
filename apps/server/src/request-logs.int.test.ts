import { beforeAll, describe, expect, it } from 'vitest';
import { SignInFailedError, signIn } from './test-support/sign-in';
import { signedInPortal } from './test-support/signed-in-portal';

// Requests whose paths, queries and bodies carry e-mail addresses and names; the log must hold none of it.
describe('what the server logs', () => {
  const lines: string[] = [];
  const logged = () => lines.join('\n');
  const portal = signedInPortal(['sysAdmin'], { logTo: { write: (line) => lines.push(line) } });

  beforeAll(async () => {
    await signIn(portal.app, 'nurse@example.org', 'a-wrong-password').catch((error) => {
      if (!(error instanceof SignInFailedError)) throw error;
    });
    const calls = [
      { method: 'PATCH', url: '/api/user-auth/users/jane.doe%40example.org', payload: { firstName: 'Jane' } },
      { method: 'GET', url: '/api/users?search=jane.doe%40example.org' },
      { method: 'GET', url: `/api/users/${encodeURIComponent('samlp|UNKNOWN|jane.doe@example.org')}` },
      { method: 'GET', url: '/api/reports?search=%C5%81ukasz%20%C5%BB%C3%B3%C5%82%C4%87' },
      { method: 'POST', url: '/api/users/create', payload: { email: 'nurse@example.org', firstName: 'Dup' } },
      { method: 'GET', url: '/api/no-such-route/jane.doe@example.org' },
    ] as const;
    for (const call of calls) {
      await portal.as.sysAdmin.inject({
        method: call.method,
        url: call.url,
        ...('payload' in call ? { payload: call.payload } : {}),
      });
    }
  });

  it('logs requests by route pattern, never by the path or query as sent', () => {
    expect(logged()).toContain('"route":"/api/user-auth/users/:email"');
    expect(logged()).toContain('"route":"/api/users/:id"');
    expect(logged()).toContain('"route":"(no route)"');
  });

  it('holds no e-mail address, patient name or user id with an e-mail in it', () => {
    expect(lines.length).toBeGreaterThan(10);
    expect(logged()).not.toMatch(/[A-Za-z0-9._%+-]+(@|%40)[A-Za-z0-9.-]+\.[a-z]{2,}/);
    expect(logged()).not.toMatch(/jane|Łukasz|%C5%81ukasz|Żółć/i);
  });
});
