import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, type RefObject } from 'react';
import type { SnapshotFrom } from 'xstate';

import { FIELD_ORDER, type FieldErrors, type FormValuesOf, type VisitorForm } from '../../../machines/visitor-request-form';
import { visitorRequestMachine, type VisitorRequestFailure } from '../../../machines/visitor-request.machine';
import { visitorRequestActors } from '../../actors/visitor-request-actors';
import { shallowEqual } from '../shallow-equal';

type Snapshot = SnapshotFrom<typeof visitorRequestMachine>;

const liveMachine = visitorRequestMachine.provide({ actors: visitorRequestActors() });

function view(snapshot: Snapshot) {
  const { context } = snapshot;
  return {
    values: context.values,
    errors: context.errors,
    failure: context.failure,
    rejections: context.rejections,
    isSubmitting: snapshot.hasTag('pending'),
    isSubmitted: snapshot.status === 'done',
    /** Where the answer will go, once sent. */
    sentTo: snapshot.status === 'done' ? (snapshot.output?.email ?? '') : null,
  };
}


export interface VisitorRequestFlow<F extends VisitorForm> {
  values: FormValuesOf[F];
  errors: FieldErrors;
  failure: VisitorRequestFailure | null;
  isSubmitting: boolean;
  isSubmitted: boolean;
  sentTo: string | null;
  change(patch: Partial<FormValuesOf[F]>): void;
  submit(): void;
}

/**
 * One of the public site's forms (investor access, Contact Us): the view and
 * the commands, never the machine's states or events. `formRef` is the <form>:
 * each time Send finds problems, the first field with one gets focus, so the
 * person lands where the message is.
 */
export function useVisitorRequest<F extends VisitorForm>(form: F, formRef: RefObject<HTMLFormElement | null>): VisitorRequestFlow<F> {
  const actor = useActorRef(liveMachine, { input: { form } });
  const current = useSelector(actor, view, shallowEqual);

  const seen = useRef(current.rejections);
  useEffect(() => {
    if (current.rejections === seen.current) return;
    seen.current = current.rejections;
    const first = FIELD_ORDER[form].find((field) => current.errors[field] !== undefined);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }, [current.rejections, current.errors, form, formRef]);

  return useMemo(
    () => ({
      values: current.values as unknown as FormValuesOf[F],
      errors: current.errors,
      failure: current.failure,
      isSubmitting: current.isSubmitting,
      isSubmitted: current.isSubmitted,
      sentTo: current.sentTo,
      change: (patch) => actor.send({ type: 'user.change', values: patch as Record<string, string> }),
      submit: () => actor.send({ type: 'user.submit' }),
    }),
    [actor, current],
  );
}
