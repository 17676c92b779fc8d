import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, errorMessage } from './api-error';
import { toast } from './toast';

declare module '@tanstack/react-query' {
  interface Register {
    defaultError: Error;
    /** `silent`: the caller shows the failure itself (e.g. a query whose failure is a normal state). */
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

/**
 * Errors are handled once, here: a 401 ends the session; anything else is a failure toast with the server's
 * message, or 'Something went wrong' (spec §8).
 */
export function createQueryClient(onUnauthorized: () => void) {
  const onError = (error: Error, meta: { silent?: boolean } | undefined) => {
    if (error instanceof ApiError && error.status === 401) {
      onUnauthorized();
      return;
    }
    if (!meta?.silent) toast.failure(errorMessage(error));
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onError(error, query.meta) }),
    mutationCache: new MutationCache({ onError: (error, _v, _c, mutation) => onError(error, mutation.meta) }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      },
    },
  });
}
