/** The one error every API call rejects with: the wire's `{code, message, errors}` plus the HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string[]> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const SOMETHING_WENT_WRONG = 'Something went wrong';
export const CANNOT_REACH = 'Cannot reach Switchback. Check your connection and try again.';

export function errorMessage(error: unknown) {
  return error instanceof ApiError && error.message ? error.message : SOMETHING_WENT_WRONG;
}
