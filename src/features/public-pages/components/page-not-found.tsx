import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../../components/ui/button';
import { PublicLayout } from './public-layout';

/**
 * Any address no route knows, for visitors and members alike: inside the site's frame, so the header's way back into
 * the app (or in) and the theme switch stay where they always are.
 */
export function PageNotFound() {
  return (
    <PublicLayout title="Page not found">
      <div className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
        <p className="text-6xl font-black text-brand" aria-hidden="true">
          404
        </p>
        <h1 className="text-2xl font-bold">Page not found</h1>
        <p className="text-muted">This trail does not go anywhere. The page may have moved, or the link may be mistyped.</p>
        <Link to="/" className={buttonClass('primary')}>
          Back to the start
        </Link>
      </div>
    </PublicLayout>
  );
}
