import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltYet } from '../../../components/not-built-yet';

export const Route = createFileRoute('/_main/shorts/$feedId')({
  component: () => <NotBuiltYet area="Shorts" title="Short" description="One short video with its reactions and comments." />,
});
