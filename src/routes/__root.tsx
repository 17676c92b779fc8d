import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { Toaster } from 'sonner';
import type { RouterContext } from '../router';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Root,
});

function Root() {
  return (
    <>
      <Outlet />
      {/* Spec §2: top centre, 3000 ms, closable. */}
      <Toaster position="top-center" duration={3000} closeButton richColors theme="system" />
    </>
  );
}
