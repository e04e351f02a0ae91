import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api-client';
import { createLogger } from '../../../lib/logger';
import { enqueueSnackbar } from '../../../lib/snackbar/snackbar';
import type { DocumentAttributes, DocumentResource } from '../document-resource';
import { findCachedDocument, replaceCachedDocument } from './get-documents';

const log = createLogger('signature');

/**
 * A single-document action with the SPEC §4 status transitions: the list shows `optimistic` at once,
 * then the server's document; on failure the prior document comes back and `failureMessage` (SPEC §8,
 * verbatim) is shown. The list is not refetched: the document stays where the reader is, with its new state.
 */
export function useDocumentAction<TVariables extends { id: string }>(options: {
  action: (variables: TVariables) => Promise<DocumentResource>;
  optimistic?: (attributes: DocumentAttributes, variables: TVariables) => Partial<DocumentAttributes>;
  failureMessage: string;
  name: string;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: options.action,
    meta: { silent: true },
    onMutate: (variables) => {
      const previous = findCachedDocument(queryClient, variables.id);
      const { optimistic } = options;
      if (previous && optimistic) {
        replaceCachedDocument(queryClient, variables.id, (document) => ({
          ...document,
          attributes: { ...document.attributes, ...optimistic(document.attributes, variables) },
        }));
      }
      return { previous };
    },
    onSuccess: (document) => replaceCachedDocument(queryClient, document.id, () => document),
    onError: (error, variables, context) => {
      const previous = context?.previous;
      if (previous) replaceCachedDocument(queryClient, variables.id, () => previous);
      log.error(`${options.name} failed`, isApiError(error) ? { statusCode: error.statusCode } : error);
      if (isApiError(error) && error.statusCode === 401) return;
      enqueueSnackbar(options.failureMessage, { variant: 'error' });
    },
  });
}
