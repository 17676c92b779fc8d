import { createContext, use, useMemo, useState, type ReactNode } from 'react';
import type { Feed } from '#contract/feeds';

/** Spec §3 "feed form (data, isOpen, isLoading, isSuccessful)": `data` is the post being edited, null for a new one. */
export type FeedFormState = {
  isOpen: boolean;
  data: Feed | null;
  /** A save is on its way to the server. */
  isLoading: boolean;
  /** The last save of this opening succeeded (cleared by the next `open`). */
  isSuccessful: boolean;
  /** The activity a new post starts linked to (`openWithActivity`), else null. */
  activityId: number | null;
};

export type FeedFormActions = {
  /** No argument: a new post. With a feed: edit it (create versus edit is the presence of an id, spec §4). */
  open(feed?: Feed): void;
  /** A new post linked to that activity: an activity's "Share as a post". */
  openWithActivity(activityId: number): void;
  close(): void;
  /** Called by the form around its save, so anything reading the context can show progress and success. */
  setLoading(isLoading: boolean): void;
  markSuccessful(): void;
};

const StateContext = createContext<FeedFormState | null>(null);
const ActionsContext = createContext<FeedFormActions | null>(null);

const closed: FeedFormState = { isOpen: false, data: null, isLoading: false, isSuccessful: false, activityId: null };

/** The feed form's open/closed state, split into state and actions so composer buttons never re-render on a change. */
export function FeedFormProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<FeedFormState>(closed);
  const actions = useMemo<FeedFormActions>(
    () => ({
      open: (feed) => setState({ isOpen: true, data: feed ?? null, isLoading: false, isSuccessful: false, activityId: null }),
      openWithActivity: (activityId) => setState({ isOpen: true, data: null, isLoading: false, isSuccessful: false, activityId }),
      close: () => setState((s) => ({ ...s, isOpen: false, isLoading: false })),
      setLoading: (isLoading) => setState((s) => ({ ...s, isLoading })),
      markSuccessful: () => setState((s) => ({ ...s, isLoading: false, isSuccessful: true })),
    }),
    [],
  );
  return (
    <ActionsContext value={actions}>
      <StateContext value={state}>{children}</StateContext>
    </ActionsContext>
  );
}

/** The feed form's state and actions: `{ isOpen, data, isLoading, isSuccessful, open, close }`. */
export function useFeedForm(): FeedFormState & Pick<FeedFormActions, 'open' | 'close'> {
  const state = use(StateContext);
  const actions = use(ActionsContext);
  if (!state || !actions) throw new Error('useFeedForm needs a FeedFormProvider');
  return useMemo(() => ({ ...state, open: actions.open, close: actions.close }), [state, actions]);
}

/** Only the actions (open, close, loading, success): for buttons and the form itself, which never need to re-render. */
export function useFeedFormActions(): FeedFormActions {
  const value = use(ActionsContext);
  if (!value) throw new Error('useFeedFormActions needs a FeedFormProvider');
  return value;
}
