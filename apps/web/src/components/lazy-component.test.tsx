// @vitest-environment jsdom
import { useTheme } from '@mui/material/styles';
import { THEME_PRIMARY } from '@portal/domain';
import { cleanup, render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyComponent } from './lazy-component';

afterEach(cleanup);

function PrimaryColour({ label }: { label: string }) {
  return (
    <p>
      {label}: {useTheme().palette.primary.main}
    </p>
  );
}

class CatchAll extends Component<{ children: ReactNode }, { error?: string }> {
  override state: { error?: string } = {};
  static getDerivedStateFromError(error: Error) {
    return { error: error.message };
  }
  override render() {
    return this.state.error ? <p>caught: {this.state.error}</p> : this.props.children;
  }
}

describe('lazyComponent', () => {
  it('draws the loaded component inside the MUI theme, with the fallback meanwhile', async () => {
    const Lazy = lazyComponent(async () => PrimaryColour, <p>loading</p>);
    render(<Lazy label="primary" />);
    expect(await screen.findByText(`primary: ${THEME_PRIMARY}`)).toBeTruthy();
  });

  it('tries a failed load once more when first drawn', async () => {
    const load = vi
      .fn<() => Promise<typeof PrimaryColour>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(PrimaryColour);
    const Lazy = lazyComponent(load);
    render(<Lazy label="second try" />);
    expect(await screen.findByText(/^second try:/)).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('hands a load that fails twice to the error boundary above (the route error page)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Lazy = lazyComponent(() => Promise.reject(new Error('chunk gone')));
    render(
      <CatchAll>
        <Lazy />
      </CatchAll>,
    );
    expect(await screen.findByText('caught: chunk gone')).toBeTruthy();
  });

  it('with drawNothingOnFailure, draws nothing and leaves the rest of the screen alone', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Lazy = lazyComponent(() => Promise.reject(new Error('chunk gone')), <p>loading</p>, {
      drawNothingOnFailure: true,
    });
    render(
      <CatchAll>
        <p>the rest</p>
        <Lazy />
      </CatchAll>,
    );
    await vi.waitFor(() => expect(screen.queryByText('loading')).toBeNull());
    expect(screen.getByText('the rest')).toBeTruthy();
    expect(screen.queryByText(/caught/)).toBeNull();
  });
});
