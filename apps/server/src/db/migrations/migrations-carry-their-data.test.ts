import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 12 §4: a migration carries its own data. One that read a live list (the domain's sample clinics,
// defaults or texts) would do something else on a fresh database each time that list is edited.
describe('every migration', () => {
  const migrations = fs
    .readdirSync(import.meta.dirname)
    .filter((file) => /^\d{4}-.+\.ts$/.test(file) && !file.includes('.test.'));

  it('is found', () => {
    expect(migrations.length).toBeGreaterThanOrEqual(12);
  });

  it.each(migrations)('%s imports nothing from the domain or the application', (file) => {
    const text = fs.readFileSync(path.join(import.meta.dirname, file), 'utf8');
    const imports = [...text.matchAll(/from\s+'([^']+)'/g)].map((match) => match[1]);
    expect(imports.filter((source) => source === '@portal/domain' || source?.startsWith('.'))).toEqual([]);
  });
});
