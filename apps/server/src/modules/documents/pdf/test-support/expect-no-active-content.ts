import { expect } from 'vitest';
import { checkWithQpdf, readableObjects } from './pdf-tools';
import { ACTIVE_CONTENT_MARKERS } from './sample-pdfs';

/**
 * The PDF passes `qpdf --check` and holds none of buildActiveContentPdf's scripts, actions, embedded file
 * or XFA, not even as unreferenced objects, nor the keys that would trigger them.
 */
export async function expectNoActiveContent(pdf: Uint8Array): Promise<void> {
  expect((await checkWithQpdf(pdf)).exitCode).toBe(0);
  const raw = await readableObjects(pdf);
  for (const marker of Object.values(ACTIVE_CONTENT_MARKERS)) expect(raw, marker).not.toContain(marker);
  for (const key of ['/OpenAction', '/AA', '/JavaScript', '/JS', '/EmbeddedFiles', '/EF', '/XFA', '/Launch'])
    expect(raw, key).not.toContain(key);
}
