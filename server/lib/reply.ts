/** The success envelope of architecture.md: HTTP 200 and `{code: 200, message, data}`. */
export function ok<T>(message: string, data: T) {
  return { code: 200 as const, message, data };
}
