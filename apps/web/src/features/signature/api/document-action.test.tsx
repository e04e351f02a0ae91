// @vitest-environment jsdom

import { SIGN_FAILED_MESSAGE } from '@portal/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import type { DocumentAttributes, DocumentListPage, DocumentResource } from '../document-resource';
import { useDocumentAction } from './document-action';
import { documentsQueryKey, findCachedDocument } from './get-documents';

const enqueueSnackbar = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/snackbar/snackbar', () => ({ enqueueSnackbar }));

function doc(id: string, status = 'unsigned'): DocumentResource {
  return { id, attributes: { status, note: '' } as DocumentAttributes };
}

function setup(action: (variables: { id: string }) => Promise<DocumentResource>) {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const page: DocumentListPage = {
    links: { self: '/api/reports', next: null, prev: null },
    data: [doc('a'), doc('b')],
    metadata: { totalCount: 2, totalCountIsLowerBound: false, limit: 50, offset: 0 },
  };
  queryClient.setQueryData([...documentsQueryKey, 'list', 'k'], { pages: [page], pageParams: [undefined] });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const hook = renderHook(
    () =>
      useDocumentAction({
        action,
        optimistic: () => ({ status: 'signing' }),
        failureMessage: SIGN_FAILED_MESSAGE,
        name: 'sign',
      }),
    { wrapper },
  );
  const statusOf = (id: string) => findCachedDocument(queryClient, id)?.attributes.status;
  return { hook, statusOf };
}

describe('a document action (SPEC §4 status transitions)', () => {
  afterEach(() => {
    cleanup();
    enqueueSnackbar.mockReset();
  });

  it('shows signing at once, then the server answer', async () => {
    let finish: (value: DocumentResource) => void = () => {};
    const { hook, statusOf } = setup(() => new Promise((resolve) => (finish = resolve)));
    act(() => hook.result.current.mutate({ id: 'a' }));
    await waitFor(() => expect(statusOf('a')).toBe('signing'));
    expect(statusOf('b')).toBe('unsigned');
    act(() => finish(doc('a', 'signed')));
    await waitFor(() => expect(statusOf('a')).toBe('signed'));
    expect(enqueueSnackbar).not.toHaveBeenCalled();
  });

  it('reverts to unsigned and says the SPEC §8 message verbatim on failure', async () => {
    const { hook, statusOf } = setup(() =>
      Promise.reject(new ApiError({ statusCode: 409, reason: 'Conflict', message: 'not unsigned' })),
    );
    act(() => hook.result.current.mutate({ id: 'a' }));
    await waitFor(() => expect(hook.result.current.isError).toBe(true));
    expect(statusOf('a')).toBe('unsigned');
    expect(enqueueSnackbar).toHaveBeenCalledWith('Error: Not all documents could be signed.', {
      variant: 'error',
    });
  });
});
