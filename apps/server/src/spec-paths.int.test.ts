import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp } from './test-support/test-app';

// Issue 31 §3: SPEC §7's paths are the contract. Every call §7 names in full (a method and a path with no
// '…' left out) must be an operation of the OpenAPI document the portal serves.

/**
 * SPEC.md lives beside the checkout (`../shared/SPEC.md`), or beside the folder of worktrees; a CI clone
 * elsewhere has none, so §7 is kept in the repository too (test-fixtures/spec-section-7.txt), checked
 * against the shared SPEC.md wherever that is present.
 */
function findSharedSpec(): string | undefined {
  const root = path.resolve(import.meta.dirname, '../../..');
  return [
    process.env.SPEC_PATH,
    path.resolve(root, '../shared/SPEC.md'),
    path.resolve(root, '../../shared/SPEC.md'),
  ].find((candidate): candidate is string => Boolean(candidate) && fs.existsSync(candidate as string));
}
const SPEC_SECTION_7_COPY = path.resolve(import.meta.dirname, 'test-fixtures/spec-section-7.txt');

/** SPEC §7's text, from its heading to the next section's. */
function sectionSeven(spec: string): string {
  return spec.slice(spec.indexOf('## 7.'), spec.indexOf('## 8.'));
}

/** The spec the calls are read from: the shared SPEC.md where present, else the repository's copy of §7. */
function readSpec(): string {
  return fs.readFileSync(findSharedSpec() ?? SPEC_SECTION_7_COPY, 'utf8');
}

const METHOD = '(?:GET|POST|PUT|PATCH|DELETE)';
/** 'GET and POST organizations', 'PATCH and DELETE clinics/{npi}/patients/{id}', 'POST zoll/…/push'. */
const CALL = new RegExp(`(${METHOD}(?:(?:, | and |, and )${METHOD})*) ([a-zA-Z{][^\\s,;]*)`, 'g');

/** §7's fully named calls: 'POST /api/patients/zoll/sleep-studies/{}/push' (parameter names left out). */
export function fullyNamedCalls(spec: string): string[] {
  const section = sectionSeven(spec);
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
  it("keeps the repository's copy of §7 as the shared SPEC.md has it", () => {
    const copy = sectionSeven(fs.readFileSync(SPEC_SECTION_7_COPY, 'utf8'));
    expect(copy.startsWith('## 7.')).toBe(true);
    const shared = findSharedSpec();
    // Where the shared contract is at hand (a developer's machine), the copy must not have drifted from it.
    if (shared) expect(copy).toBe(sectionSeven(fs.readFileSync(shared, 'utf8')));
  });

  it('reads the fully named calls, the Zoll routes among them', () => {
    const calls = fullyNamedCalls(readSpec());
    expect(calls).toContain('POST /api/patients/zoll/sleep-studies/{}/push');
    expect(calls).toContain('POST /api/patients/zoll/check-for-updates/{}');
    expect(calls.length).toBeGreaterThan(20);
  });

  it('finds each of them in the OpenAPI document', async () => {
    const calls = fullyNamedCalls(readSpec());
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
