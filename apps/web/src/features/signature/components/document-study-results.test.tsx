// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SLEEP_RESULTS } from '../../../test-support/studies';
import { DocumentStudyResults } from './document-study-results';

afterEach(cleanup);

describe("a study's results above its PDF in the inbox", () => {
  it("shows the results a document's metadata carries", () => {
    render(
      <DocumentStudyResults
        metadata={{
          study: { id: '7a1b2c3d-0000-4000-8000-000000000001', suite: 'sleep', results: SLEEP_RESULTS },
        }}
      />,
    );
    expect(screen.getByRole('heading', { level: 3, name: 'Sleep study results' })).toBeTruthy();
    expect(screen.getByTestId('sleep-ahi').textContent).toContain('Moderate sleep apnea');
  });

  it('shows nothing for metadata of another shape', () => {
    const { container } = render(
      <DocumentStudyResults metadata={{ study: { id: 'x', suite: 'sleep', results: {} } }} />,
    );
    expect(container.textContent).toBe('');
    expect(screen.queryByTestId('document-study-results')).toBeNull();
  });
});
