/** Where to go after signing in: only a path on this site (never `//evil.example`), else the feed. */
export function safeRedirect(target: string | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\') || target.startsWith('/auth')) {
    return '/feeds';
  }
  return target;
}
