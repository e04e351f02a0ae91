import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp } from './test-support/test-app';

// Issue 31 §3: SPEC §7's paths are the contract. Every call §7 names in full (a method and a path with no
// '…' left out) must be an operation of the OpenAPI document the portal serves.

/** SPEC.md lives beside the checkout (`../shared/SPEC.md`), or beside the folder of worktrees. */
function findSpec(): string {
  const root = path.resolve(import.meta.dirname, '../../..');
  const candidates = [
    process.env.SPEC_PATH,
    path.resolve(root, '../shared/SPEC.md'),
    path.resolve(root, '../../shared/SPEC.md'),
  ].filter((candidate): candidate is string => Boolean(candidate));
  const found = candidates.find((candidate) => fs.existsSync(candidate));
  if (!found) throw new Error(`SPEC.md not found (looked at ${candidates.join(', ')}; set SPEC_PATH)`);
  return found;
}

const METHOD = '(?:GET|POST|PUT|PATCH|DELETE)';
/** 'GET and POST organizations', 'PATCH and DELETE clinics/{npi}/patients/{id}', 'POST zoll/…/push'. */
const CALL = new RegExp(`(${METHOD}(?:(?:, | and |, and )${METHOD})*) ([a-zA-Z{][^\\s,;]*)`, 'g');

/** §7's fully named calls: 'POST /api/patients/zoll/sleep-studies/{}/push' (parameter names left out). */
export function fullyNamedCalls(spec: string): string[] {
  const section = spec.slice(spec.indexOf('## 7.'), spec.indexOf('## 8.'));
  const calls = new Set<string>();
  let base: string | undefined;
  for (const line of section.split('\n')) {
    const heading = /^### .*\((\/api\/[a-z-]+)\)/.exec(line);
    if (heading) base = heading[1];
    else if (line.startsWith('### ')) base = undefined;
    if (/^\s*- User-auth variant/.test(line)) base = '/api/user-auth';
    if (!base) continue;
    for (const match of line.matchAll(CALL)) {
      const [, methods = '', rawPath = ''] = match;
      const relative = rawPath.replace(/[.?].*$/, '').replace(/\/$/, '');
      // Only paths given in full: with a slash, nothing elided. The sleep profile's calls are given
      // under the patient ('sleep-profile: GET, POST, PATCH', then 'sleep-profile/studies'), not in full.
      if (!relative.includes('/') || rawPath.includes('...') || rawPath.includes('…')) continue;
      if (relative.startsWith('sleep-profile/')) continue;
      for (const method of methods.split(/, and |, | and /))
        calls.add(`${method} ${base}/${relative}`.replace(/\{[^}]*\}/g, '{}'));
    }
  }
  return [...calls].sort();
}

describe("SPEC §7's paths", () => {
  it('reads the fully named calls, the Zoll routes among them', () => {
    const calls = fullyNamedCalls(fs.readFileSync(findSpec(), 'utf8'));
    expect(calls).toContain('POST /api/patients/zoll/sleep-studies/{}/push');
    expect(calls).toContain('POST /api/patients/zoll/check-for-updates/{}');
    expect(calls.length).toBeGreaterThan(20);
  });

  it('finds each of them in the OpenAPI document', async () => {
    const calls = fullyNamedCalls(fs.readFileSync(findSpec(), 'utf8'));
    const portal = await createTestApp();
    try {
      const document = (await portal.app.inject({ url: '/api/docs/json' })).json() as {
        paths: Record<string, Record<string, unknown>>;
      };
      const documented = new Set(
        Object.entries(document.paths).flatMap(([at, operations]) =>
          Object.keys(operations).map(
            (method) => `${method.toUpperCase()} ${at.replace(/\/$/, '').replace(/\{[^}]*\}/g, '{}')}`,
          ),
        ),
      );
      expect(calls.filter((call) => !documented.has(call))).toEqual([]);
    } finally {
      await portal.close();
    }
  });
});
