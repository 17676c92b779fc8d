import { createFileRoute, Outlet } from '@tanstack/react-router';

export const Route = createFileRoute('/_main/profile/$username')({
  component: Outlet,
});
