import { zodResolver } from '@hookform/resolvers/zod';
import clsx from 'clsx';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import type { Event } from '#contract/events';
import { DiscardChangesDialog } from '../../../components/discard-changes-dialog';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-error';
import { applyServerErrors } from '../../../lib/form-errors';
import { messages } from '../../../lib/messages';
import { toast } from '../../../lib/toast';
import { useUnits } from '../../../lib/units';
import { useUnsavedChangesGuard } from '../../../lib/use-unsaved-changes-guard';
import { BasicsStep } from './basics-step';
import { useSaveEvent } from './event-form-api';
import {
  emptyEventForm,
  eventFormSchema,
  formFieldOf,
  LAST_STEP,
  STEPS,
  stepOf,
  toEventFormValues,
  toEventInput,
  type EventFormField,
  type EventFormInput,
  type EventFormValues,
  type StepIndex,
} from './event-form-schema';
import { EventPreview } from './event-preview';
import { GoalsStep } from './goals-step';
import { useRouteSaver } from './route-field';
import { WhenStep } from './when-step';
import { WhereStep } from './where-step';

const ROUTE_STEP = 2 as StepIndex;
const ALL_FIELDS = STEPS.flatMap((s) => s.fields as readonly EventFormField[]);

const words = {
  draftSaved: 'Draft saved. Only you and your co-hosts can see it.',
  updated: 'Event updated.',
  waitForUploads: 'Saving waits until the banner and route finish uploading.',
};

const discardWords = {
  newEvent: { title: 'Discard this event?', description: 'What you entered for this event will be lost.' },
  changes: { title: 'Discard changes?', description: 'Your changes to this event will be lost.' },
};

type Props = {
  /** The event being edited; null creates one (spec §4: create versus edit is the presence of an id). */
  event: Event | null;
  onSaved(saved: Event): void;
};

/** The first step (in order) holding an error on one of `fields`, so a failed save shows the member where to look. */
function firstStepWithError(fields: readonly string[]): StepIndex | null {
  const steps = fields
    .map(stepOf)
    .filter((s): s is StepIndex => s !== null);
  return steps.length === 0 ? null : (Math.min(...steps) as StepIndex);
}

/**
 * A 400's field errors under the form's own names (`CoHost.2` → co-hosts...), for the one mapping helper; and the
 * messages about no field of the form (e.g. `isDraft`: people joined, so it cannot go back to a draft).
 */
function withFormFieldNames(error: unknown): { named: ApiError; elsewhere: string[] } | null {
  if (!(error instanceof ApiError)) return null;
  const errors: Record<string, string[]> = {};
  const elsewhere: string[] = [];
  for (const [wire, list] of Object.entries(error.errors)) {
    const field = formFieldOf(wire);
    if (field) (errors[field] ??= []).push(...list);
    else elsewhere.push(...list);
  }
  return { named: new ApiError(error.status, error.message, errors), elsewhere };
}

/**
 * The event form in five steps (basics, when, where and route, goals and people, preview). Next checks only the
 * step on screen; every step stays mounted once seen, so nothing typed (or uploading) is lost going back and forth.
 * The preview saves as a draft or publishes.
 */
export function EventForm({ event, onSaved }: Props) {
  const memberUnits = useUnits();
  // Goals are typed in the units shown when the form opened; a switch elsewhere mid-form must not reread them.
  const [units] = useState(memberUnits);
  const [resolver] = useState(() => zodResolver(eventFormSchema(units)));
  const form = useForm<EventFormInput, unknown, EventFormValues>({
    resolver,
    defaultValues: event ? toEventFormValues(event, units) : emptyEventForm(),
  });
  const [step, setStep] = useState<StepIndex>(0);
  // Steps seen so far stay mounted (hidden when not current); an edit can jump to any of them.
  const [seen, setSeen] = useState<StepIndex>(event ? LAST_STEP : 0);
  const [mounted, setMounted] = useState<ReadonlySet<StepIndex>>(() => new Set([0]));
  const [busy, setBusy] = useState({ banner: false, route: false });
  const [pressed, setPressed] = useState<'draft' | 'publish' | 'next' | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const checked = useRef(new Set<StepIndex>());
  const heading = useRef<HTMLHeadingElement>(null);
  const focusAfterShow = useRef<'heading' | 'error' | null>(null);
  const routeSaver = useRouteSaver(form);
  const save = useSaveEvent();

  // A step whose Next was refused is re-checked as the member corrects it, so stale messages go away.
  const { subscribe, trigger } = form;
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ name }) => {
          const s = name ? stepOf(name.split('.')[0]!) : null;
          if (s !== null && checked.current.has(s)) void trigger(STEPS[s].fields);
        },
      }),
    [subscribe, trigger],
  );

  // After a step change: focus its heading (screen readers hear where they are), or its first field in error.
  useEffect(() => {
    const target = focusAfterShow.current;
    focusAfterShow.current = null;
    if (target === 'error') {
      // getFieldState reads the form as it is now (formState is the last render's).
      const field = (STEPS[step].fields as readonly EventFormField[]).find((f) => form.getFieldState(f).error);
      if (field) {
        try {
          const before = document.activeElement;
          form.setFocus(field);
          // A field drawn without a focusable ref (a chip group) leaves focus where it was.
          if (document.activeElement !== before) return;
        } catch {
          // A field without a focusable element: the heading below.
        }
      }
    }
    if (target) heading.current?.focus();
  }, [step, form]);

  const show = (target: StepIndex, focus: 'heading' | 'error' = 'heading') => {
    focusAfterShow.current = focus;
    setMounted((m) => (m.has(target) ? m : new Set([...m, target])));
    setSeen((s) => (target > s ? target : s));
    setStep(target);
    window.scrollTo?.({ top: 0 });
  };

  /** Checks one step's own fields (and stores a drawn route when leaving the route step). */
  const passes = async (s: StepIndex): Promise<boolean> => {
    checked.current.add(s);
    const valid = await form.trigger(STEPS[s].fields, { shouldFocus: s === step });
    if (!valid) return false;
    return s === ROUTE_STEP ? routeSaver.ensureSaved() : true;
  };

  const goTo = async (target: StepIndex) => {
    if (target <= step) return show(target);
    setPressed('next');
    try {
      for (let s = step; s < target; s = (s + 1) as StepIndex) {
        if (!(await passes(s))) {
          if (s !== step) show(s, 'error');
          return;
        }
      }
      show(target);
    } finally {
      setPressed(null);
    }
  };

  const submit = async (isDraft: boolean) => {
    setPressed(isDraft ? 'draft' : 'publish');
    setProblems([]);
    try {
      if (!(await routeSaver.ensureSaved())) return show(ROUTE_STEP);
      await form.handleSubmit(
        async (values) => {
          try {
            const body = toEventInput(values, { saved: event, isDraft, units });
            const { data, message } = await save.mutateAsync(body);
            // Spec §8: the server's message first.
            toast.success(message || (event ? words.updated : isDraft ? words.draftSaved : messages.event.created));
            form.reset(form.getValues());
            onSaved(data);
          } catch (error) {
            const mapped = withFormFieldNames(error);
            if (!mapped) return;
            applyServerErrors(mapped.named, form.setError, ALL_FIELDS);
            setProblems(mapped.elsewhere);
            const s = firstStepWithError(Object.keys(mapped.named.errors));
            if (s !== null) show(s, 'error');
          }
        },
        (errors) => {
          const s = firstStepWithError(Object.keys(errors));
          if (s !== null) {
            checked.current.add(s);
            show(s, 'error');
          }
        },
      )();
    } finally {
      setPressed(null);
    }
  };

  const onSubmit = (e: FormEvent) => {
    // Enter in a field goes on to the next step; saving is always a button the member chose.
    e.preventDefault();
    if (step < LAST_STEP && pressed === null) void goTo((step + 1) as StepIndex);
  };

  const uploading = busy.banner || busy.route;
  // A save leaves with `ignoreBlocker` (the page's onSaved): only leaving unsaved work is asked about.
  const { question } = useUnsavedChangesGuard({ dirty: form.formState.isDirty || uploading, words: event ? discardWords.changes : discardWords.newEvent });
  const working = pressed !== null || save.isPending;
  const isPublished = event !== null && !event.isDraft;

  return (
    <form noValidate onSubmit={onSubmit} aria-label={event ? 'Edit event' : 'New event'} className="flex flex-col gap-6">
      <nav aria-label="Form steps">
        <ol className="grid grid-cols-5 gap-1 sm:gap-2">
          {STEPS.map((s, index) => {
            const i = index as StepIndex;
            const current = i === step;
            const reachable = i <= seen;
            return (
              <li key={s.title} className="min-w-0">
                <button
                  type="button"
                  aria-current={current ? 'step' : undefined}
                  disabled={!reachable || working}
                  onClick={() => void goTo(i)}
                  className={clsx(
                    'flex min-h-11 w-full flex-col items-center gap-1 rounded-lg px-1 py-1.5 text-center text-sm font-medium',
                    current ? 'text-fg' : reachable ? 'text-muted hover:bg-surface-2 hover:text-fg' : 'text-muted opacity-60',
                  )}
                >
                  <span
                    aria-hidden="true"
                    className={clsx(
                      'flex size-7 shrink-0 items-center justify-center rounded-full border text-xs font-bold',
                      current ? 'border-brand bg-brand text-on-brand' : i < seen ? 'border-brand text-brand' : 'border-line',
                    )}
                  >
                    {i + 1}
                  </span>
                  <span className="sr-only">{`Step ${i + 1}:`}</span>{' '}
                  {/* Under the number from tablet width (whole, not cut off); on a phone the heading below names the step. */}
                  <span className="sr-only leading-tight sm:not-sr-only">{s.title}</span>
                </button>
              </li>
            );
          })}
        </ol>
      </nav>

      <h2 ref={heading} tabIndex={-1} className="text-xl font-bold outline-none">
        <span className="block text-sm font-medium text-muted">
          Step {step + 1} of {STEPS.length}
          <span className="sr-only">:</span>
        </span>{' '}
        <span className="block">{STEPS[step].title}</span>
      </h2>

      <div hidden={step !== 0}>
        <BasicsStep form={form} onBannerBusy={(b) => setBusy((s) => (s.banner === b ? s : { ...s, banner: b }))} />
      </div>
      {mounted.has(1) && (
        <div hidden={step !== 1}>
          <WhenStep form={form} />
        </div>
      )}
      {mounted.has(2) && (
        <div hidden={step !== 2}>
          <WhereStep form={form} routeSaver={routeSaver} onRouteBusy={(b) => setBusy((s) => (s.route === b ? s : { ...s, route: b }))} />
        </div>
      )}
      {mounted.has(3) && (
        <div hidden={step !== 3}>
          <GoalsStep form={form} units={units} event={event} />
        </div>
      )}
      {step === LAST_STEP && <EventPreview control={form.control} units={units} existing={event} />}

      <div className="flex flex-col gap-3 border-t border-line pt-4">
        {step === LAST_STEP && problems.length > 0 && (
          <ul role="alert" className="flex flex-col gap-1 rounded-xl bg-danger/10 px-3 py-2 text-sm font-medium text-danger">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        )}
        {step === LAST_STEP && uploading && (
          <p role="status" className="text-sm text-muted">
            {words.waitForUploads}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
          {step > 0 ? (
            <Button variant="ghost" disabled={working} onClick={() => show((step - 1) as StepIndex)}>
              {step === LAST_STEP ? 'Back to edit' : 'Back'}
            </Button>
          ) : (
            <span aria-hidden="true" />
          )}
          {step < LAST_STEP ? (
            <Button type="submit" busy={pressed === 'next'} disabled={working || (step === ROUTE_STEP && busy.route)}>
              {step === LAST_STEP - 1 ? 'Preview' : 'Next'}
            </Button>
          ) : (
            <div className="flex flex-col-reverse gap-2 sm:flex-row">
              <Button variant="secondary" busy={pressed === 'draft'} disabled={working || uploading} onClick={() => void submit(true)}>
                Save as draft
              </Button>
              <Button busy={pressed === 'publish'} disabled={working || uploading} onClick={() => void submit(false)}>
                {isPublished ? 'Save changes' : 'Publish'}
              </Button>
            </div>
          )}
        </div>
      </div>
      <DiscardChangesDialog question={question} />
    </form>
  );
}
