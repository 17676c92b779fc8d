import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import { useForm, useWatch } from 'react-hook-form';
import * as z from 'zod/mini';
import type { Feed } from '#contract/feeds';
import type { Gear } from '#contract/gear';
import { sportName } from '#contract/sports';
import { Icon } from '../../../components/icons';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextArea } from '../../../components/ui/text-area';
import { applyServerErrors } from '../../../lib/form-errors';
import { useShareGear } from '../gear-mutations';

/** A post's text, as the feed composer and the server hold it. */
const POST_TEXT_MAX = 2000;

/** Named as on the wire, so a 400 lands under its field. */
const postForm = z.object({
  text: z.string().check(z.trim(), z.maxLength(POST_TEXT_MAX, `A post is at most ${POST_TEXT_MAX.toLocaleString('en')} characters.`)),
});
type PostForm = z.input<typeof postForm>;
const POST_FIELDS = ['text'] as const;

/**
 * "Post about it": the owner's words (optional) over a line naming the piece; "Post" puts it in the feed
 * (`POST /api/shareEquipment`) and opens the new post. A failure keeps what was typed.
 */
export function PostAboutGearDialog({ gear, onClose, onPosted }: { gear: Gear; onClose(): void; onPosted?: ((post: Feed) => unknown) | undefined }) {
  const navigate = useNavigate();
  const form = useForm<PostForm>({ resolver: zodResolver(postForm), defaultValues: { text: '' } });
  const { errors } = form.formState;
  const text = useWatch({ control: form.control, name: 'text' });
  const share = useShareGear(onPosted);
  const thumbnail = gear.images[0]?.thumbnail;
  const makeAndModel = [gear.brand, gear.model].filter(Boolean).join(' ');

  const submit = form.handleSubmit(async (values) => {
    try {
      const { data } = await share.mutateAsync({ id: gear.id, text: values.text.trim() });
      await navigate({ to: '/feeds/$feedId', params: { feedId: String(data.id) } });
    } catch (error) {
      applyServerErrors(error, form.setError, POST_FIELDS);
    }
  });

  return (
    <Dialog title="Post about your gear" onClose={onClose}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextArea
          label="Say something about it"
          rows={4}
          count={{ used: text.length, max: POST_TEXT_MAX }}
          error={errors.text?.message}
          {...form.register('text')}
        />
        <div role="group" className="flex items-center gap-3 rounded-xl border border-line bg-surface-2 p-2" aria-label="The post links to">
          {thumbnail ? (
            <img src={thumbnail} alt="" width={48} height={48} className="size-12 shrink-0 rounded-lg bg-surface-3 object-cover" />
          ) : (
            <span className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-surface-3 text-muted">
              <Icon name="gear" className="size-6" strokeWidth="2" />
            </span>
          )}
          <span className="flex min-w-0 flex-col text-sm">
            <span className="truncate font-semibold">{gear.title}</span>
            <span className="truncate text-muted">{[sportName(gear.sportId), makeAndModel].filter(Boolean).join(' · ')}</span>
          </span>
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={share.isPending}>
            Cancel
          </Button>
          <Button type="submit" busy={share.isPending}>
            Post
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
