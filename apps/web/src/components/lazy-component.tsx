import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';

/** A loaded component inside the MUI theme: every lazy component of the portal is drawn with MUI. */
async function loadInMuiScope<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  const [Component, { withMuiScope }] = await Promise.all([load(), import('./mui-scope')]);
  return withMuiScope(Component);
}

/**
 * A component from a chunk of its own (issue 11 §10: what the first screen does not need stays out of
 * its initial JavaScript). The chunk is fetched as soon as the module that declares the component runs,
 * beside the screen's own requests, so it is usually there before it is first shown; until then the
 * fallback stands in. A failed fetch is tried once more when the component first renders, then the
 * route's error page shows. The component comes inside the MUI theme (mui-scope.tsx), which loads with it.
 */
export function lazyComponent<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  fallback: ReactNode = null,
): ComponentType<Props> {
  const early = loadInMuiScope(load);
  early.catch(() => undefined);
  const Lazy = lazy(async () => ({
    default: await early.catch(() => loadInMuiScope(load)),
  })) as unknown as ComponentType<Props>;
  // biome-ignore lint/correctness/noComponentHookFactories: made once per component, at module level
  function LazyComponent(props: Props) {
    return (
      <Suspense fallback={fallback}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return LazyComponent;
}
