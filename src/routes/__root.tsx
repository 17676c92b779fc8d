import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { ToasterHost } from '../components/toaster-host';
import type { RouterContext } from '../router';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Root,
});

function Root() {
  return (
    <>
      <Outlet />
      <ToasterHost />
    </>
  );
}
