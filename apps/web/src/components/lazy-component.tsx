import { Component as ClassComponent, type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { afterFirstScreen } from '../lib/first-screen';
import { createLogger } from '../lib/logger';

const log = createLogger('app');

/** A loaded component inside the MUI theme: every lazy component of the portal is drawn with MUI. */
async function loadInMuiScope<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  const [Component, { withMuiScope }] = await Promise.all([load(), import('./mui-scope')]);
  return withMuiScope(Component);
}

/**
 * For a lazy component outside the router (the idle notice), where no route error page would catch a
 * chunk that cannot be loaded: it logs and draws nothing instead of taking the whole portal down.
 */
class DrawNothingOnFailure extends ClassComponent<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    log.error('A part of the screen could not be loaded', error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * A component from a chunk of its own (issue 11 §10: what the first screen does not need stays out of
 * its initial JavaScript). The chunk is fetched when it is first drawn, or ahead of need once the first
 * screen has shown (lib/first-screen.ts), so it is usually there before it is wanted; until then the
 * fallback stands in. A failed fetch is tried once more when the component first renders, then the
 * route's error page shows (or, with `drawNothingOnFailure`, nothing). The component comes inside the MUI theme (mui-scope.tsx), which loads with it.
 */
export function lazyComponent<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  fallback: ReactNode = null,
  { drawNothingOnFailure = false }: { drawNothingOnFailure?: boolean } = {},
): ComponentType<Props> {
  let first: Promise<ComponentType<Props>> | undefined;
  const start = () => {
    first ??= loadInMuiScope(load);
    return first;
  };
  afterFirstScreen(() => void start().catch(() => undefined));
  const Lazy = lazy(async () => ({
    default: await start().catch(() => loadInMuiScope(load)),
  })) as unknown as ComponentType<Props>;
  // biome-ignore lint/correctness/noComponentHookFactories: made once per component, at module level
  function LazyComponent(props: Props) {
    const loaded = (
      <Suspense fallback={fallback}>
        <Lazy {...props} />
      </Suspense>
    );
    return drawNothingOnFailure ? <DrawNothingOnFailure>{loaded}</DrawNothingOnFailure> : loaded;
  }
  return LazyComponent;
}
