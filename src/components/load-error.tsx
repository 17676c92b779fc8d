import { errorMessage } from '../lib/api-error';
import { Button } from './ui/button';

/** A list or page that could not be loaded: what, why (the server's words), and a way to try again. */
export function LoadError({ what, error, onRetry }: { what: string; error: unknown; onRetry(): void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-2xl border border-line bg-surface p-8 text-center">
      <p className="font-semibold">{what} could not be loaded.</p>
      <p className="text-sm text-muted">{errorMessage(error)}</p>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
