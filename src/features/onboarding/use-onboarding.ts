import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';

import type { draftAutosaveMachine } from '../../../machines/draft-autosave.machine';
import {
  toStepNumber,
  type ApplicationValues,
  type DocumentKind,
  type FieldErrors,
  type StepNumber,
} from '../../../machines/onboarding-form';
import { onboardingMachine, type OnboardingEvent } from '../../../machines/onboarding.machine';
import { onboardingActors } from '../../actors/onboarding-actors';
import { showToast } from '../../components/toast';
import { shallowEqual } from '../../components/shallow-equal';
import { useUploadTracker } from '../../components/upload-progress';
import { useSession } from '../../session/session-context';

type Snapshot = SnapshotFrom<typeof onboardingMachine>;
type AutosaveRef = ActorRefFrom<typeof draftAutosaveMachine>;

export type OnboardingScreen = 'signUp' | 'loading' | 'loadFailed' | 'form' | 'submitted';
/** What the draft indicator says: nothing yet, changes waiting, saving, saved, or not saved (retrying). */
export type DraftStatus = 'idle' | 'unsaved' | 'saving' | 'saved' | 'failed';

export interface OnboardingView {
  screen: OnboardingScreen;
  step: StepNumber;
  /** Step 1 signed out. */
  email: string;
  emailError: string | null;
  sentTo: string | null;
  linkSent: boolean;
  resent: boolean;
  isSending: boolean;
  accountEmail: string | null;
  values: ApplicationValues;
  errors: FieldErrors;
  uploading: DocumentKind | null;
  isSubmitting: boolean;
  failure: { kind: 'send' | 'load' | 'upload' | 'submit'; message: string } | null;
}

function view(snapshot: Snapshot): OnboardingView {
  const { context } = snapshot;
  const screen: OnboardingScreen = snapshot.matches('account')
    ? 'signUp'
    : snapshot.matches('draftUnavailable')
      ? 'loadFailed'
      : snapshot.matches('editing')
        ? 'form'
        : snapshot.status === 'done'
          ? 'submitted'
          : 'loading';
  return {
    screen,
    step: context.step,
    email: context.email,
    emailError: context.emailError,
    sentTo: context.sentTo,
    linkSent: snapshot.matches({ account: 'linkSent' }),
    resent: context.resent,
    isSending: snapshot.matches({ account: 'sending' }),
    accountEmail: context.accountEmail,
    values: context.values,
    errors: context.errors,
    uploading: context.uploading,
    isSubmitting: snapshot.matches({ editing: { step: { review: 'submitting' } } }),
    failure: context.failure,
  };
}

/** Which step the machine shows, if any, and how the address bar should follow it. */
function stepOf(snapshot: Snapshot) {
  return {
    step: snapshot.context.step,
    showsStep: snapshot.matches('account') || snapshot.matches('editing'),
    navigation: snapshot.context.navigation,
  };
}

const sameStep = (a: ReturnType<typeof stepOf>, b: ReturnType<typeof stepOf>) =>
  a.step === b.step && a.showsStep === b.showsStep && a.navigation === b.navigation;

function draftStatusOf(snapshot: SnapshotFrom<typeof draftAutosaveMachine> | undefined): DraftStatus {
  if (!snapshot) return 'idle';
  if (snapshot.matches('saving')) return 'saving';
  if (snapshot.matches('failed')) return 'failed';
  if (snapshot.matches('waiting')) return 'unsaved';
  return snapshot.context.savedAt === null ? 'idle' : 'saved';
}

export interface UseOnboardingOptions {
  /** The signed-in applicant, or null for a visitor (step 1 sends a sign-up link). */
  userId: string | null;
  accountEmail: string | null;
}

/**
 * The onboarding flow for one person. Components read the view and call the
 * commands; they never see the machine's states or events. The URL's
 * `?step=` and the machine are kept in step both ways here.
 */
export function useOnboarding({ userId, accountEmail }: UseOnboardingOptions) {
  const navigate = useNavigate();
  const location = useLocation();
  const urlStep = toStepNumber(new URLSearchParams(location.search).get('step'));

  const upload = useUploadTracker();
  const { track, finish } = upload;
  const machine = useMemo(
    () =>
      onboardingMachine.provide({
        actors: onboardingActors(userId, undefined, track),
        actions: { toast: (_, params) => showToast(params) },
      }),
    [userId, track],
  );
  const actor = useActorRef(machine, { input: { signedIn: userId !== null, accountEmail, requestedStep: urlStep } });
  const current = useSelector(actor, view, shallowEqual);
  const autosave = useSelector(actor, (snapshot) => snapshot.children.draftAutosave as AutosaveRef | undefined);
  const draftStatus = useSelector(autosave, draftStatusOf);
  const output = useSelector(actor, (snapshot) => (snapshot.status === 'done' ? snapshot.output : null));

  // The step in the address bar and the machine's step, kept in agreement in
  // one place, after each render has committed:
  // - the URL moved (browser Back/Forward, a pasted address, a link): the machine
  //   is told and lands on that step or the first incomplete one before it;
  // - the machine moved (Next, Back, an edit link, a correction): the address bar
  //   follows, adding a history entry when the person moved (so the browser's Back
  //   works) and replacing it when the URL only needed correcting.
  // Navigating from here rather than from inside the machine's transition, and
  // with flushSync: the router otherwise applies navigations as React
  // transitions, which the machine's (and the autosave's) synchronous store
  // updates kept interrupting, leaving the rendered location behind the address bar.
  const lastUrlStep = useRef(urlStep);
  const { step: machineStep, showsStep, navigation } = useSelector(actor, stepOf, sameStep);
  // flushSync may not run inside an effect (React is still committing): a microtask
  // later it may. The pending target keeps a re-run from adding a second history entry.
  const pendingNavigation = useRef<string | null>(null);
  const showStep = useCallback(
    (step: StepNumber, replace: boolean) => {
      const to = `/onboarding?step=${step}`;
      if (pendingNavigation.current === to) return;
      pendingNavigation.current = to;
      queueMicrotask(() => {
        pendingNavigation.current = null;
        navigate(to, { replace, flushSync: true });
      });
    },
    [navigate],
  );
  useEffect(() => {
    if (!showsStep) return;
    if (urlStep !== lastUrlStep.current) {
      lastUrlStep.current = urlStep;
      if (urlStep !== machineStep) actor.send({ type: 'url.stepRequested', step: urlStep ?? 1 });
      // The machine may stay where it is (a step past an incomplete one): correct the address bar.
      const landed = actor.getSnapshot().context.step;
      if (landed !== urlStep) showStep(landed, true);
      return;
    }
    if (urlStep !== machineStep) showStep(machineStep, navigation === 'replace');
  }, [actor, urlStep, machineStep, showsStep, navigation, showStep]);

  // The submitted application changed the person's facts (approval status):
  // the session loads them again (facts.reload, no full page load) before the
  // next page, so the guard there reads "pending" rather than "no application".
  const { reloadFacts } = useSession();
  // Once: reloading changes the session (and so reloadFacts), which re-runs this effect.
  const left = useRef(false);
  useEffect(() => {
    if (!output || left.current) return;
    left.current = true;
    showToast(output.toast);
    void reloadFacts().then(() => navigate(output.to, { replace: true }));
  }, [output, navigate, reloadFacts]);

  // The bar goes once the file is in, or refused.
  useEffect(() => {
    if (current.uploading === null) finish();
  }, [current.uploading, finish]);

  return useMemo(() => {
    const send = (event: OnboardingEvent) => actor.send(event);
    return {
      ...current,
      upload,
      draftStatus,
      changeEmail: (email: string) => send({ type: 'user.changeEmail', email }),
      sendLink: () => send({ type: 'user.sendLink' }),
      resendLink: () => send({ type: 'user.resendLink' }),
      editEmail: () => send({ type: 'user.editEmail' }),
      change: (values: Partial<Omit<ApplicationValues, 'proof' | 'logo' | 'consent'>>) => send({ type: 'user.change', values }),
      setConsent: (consent: boolean) => send({ type: 'user.toggleConsent', consent }),
      chooseFile: (kind: DocumentKind, file: File) => send({ type: 'user.chooseFile', kind, file }),
      removeFile: (kind: DocumentKind) => send({ type: 'user.removeFile', kind }),
      next: () => send({ type: 'user.next' }),
      back: () => send({ type: 'user.back' }),
      editSection: (step: 2 | 3 | 4) => send({ type: 'user.editSection', step }),
      submit: () => send({ type: 'user.submit' }),
      retry: () => send({ type: 'user.retry' }),
    };
  }, [actor, current, draftStatus, upload]);
}

export type OnboardingFlow = ReturnType<typeof useOnboarding>;
