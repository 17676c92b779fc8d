import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltYet } from '../../../components/not-built-yet';

export const Route = createFileRoute('/_main/feeds/edit')({
  component: () => <NotBuiltYet area="Feeds" title="Edit a post" description="Change the text, photos, place or tags of one of your posts." />,
});
