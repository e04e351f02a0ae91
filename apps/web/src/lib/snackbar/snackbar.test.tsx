// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  cleanup();
  vi.resetModules();
});

/** Says whether the (freshly imported) queue wants its host. */
function HostWantedProbe({ useWanted }: { useWanted: () => boolean }) {
  return <p>{useWanted() ? 'wanted' : 'not yet'}</p>;
}

// Each test takes a fresh copy of the module: its queue is module state.
const loadQueue = () => import('./snackbar');

describe('the snackbar queue (notistack loads on demand)', () => {
  it('keeps messages until the host connects, then delivers them in order, and later ones at once', async () => {
    const { enqueueSnackbar, connectSnackbarHost } = await loadQueue();
    enqueueSnackbar('First', { variant: 'success' });
    enqueueSnackbar('Second', { variant: 'error' });
    const deliver = vi.fn();
    const disconnect = connectSnackbarHost(deliver);
    expect(deliver.mock.calls).toEqual([
      ['First', { variant: 'success' }],
      ['Second', { variant: 'error' }],
    ]);
    enqueueSnackbar('Third');
    expect(deliver).toHaveBeenLastCalledWith('Third', {});
    disconnect();
    enqueueSnackbar('Fourth');
    expect(deliver).toHaveBeenCalledTimes(3);
  });

  it('asks for the host when the first message is queued', async () => {
    const { enqueueSnackbar, useSnackbarHostWanted } = await loadQueue();
    render(<HostWantedProbe useWanted={useSnackbarHostWanted} />);
    expect(screen.getByText('not yet')).toBeTruthy();
    act(() => enqueueSnackbar('Saved'));
    expect(screen.getByText('wanted')).toBeTruthy();
  });
});

describe('SnackbarHost', () => {
  it('loads notistack when a message is queued and shows it', async () => {
    const { SnackbarHost } = await import('./snackbar-host');
    const { enqueueSnackbar } = await loadQueue();
    render(<SnackbarHost />);
    act(() => enqueueSnackbar('Changes saved', { variant: 'success' }));
    expect(await screen.findByText('Changes saved', {}, { timeout: 10_000 })).toBeTruthy();
  });
});
