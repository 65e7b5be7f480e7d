/**
 * Model-based testing for our machines (handbook §7): paths generated from a
 * machine with XState's graph tools, each one replayable against the real UI,
 * and a report of which states and transitions those paths walk.
 *
 * Why not `createTestModel`: it refuses machines that `invoke` or use `after`,
 * which is most of ours. `new TestModel(machine, options)` accepts them, but
 * then the event list is ours to give, actor results and delays included
 * (docs/decisions/007-model-based-path-tests.md has the whole story).
 */
import { TestModel, type StatePath, type Step, type TestPath } from '@xstate/graph';
import {
  createActor,
  fromTransition,
  pathToStateValue,
  type AnyActorScope,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type EventFromLogic,
  type InputFrom,
  type SnapshotFrom,
} from 'xstate';

import {
  delayText,
  stateKey,
  stateNodesOf,
  stateValueText,
  transitionText,
  transitionsOf,
} from './statechart.ts';

type Snapshot = AnyMachineSnapshot;
type Path = StatePath<Snapshot, AnyEventObject>;

export interface ModelEvent<TEvent extends AnyEventObject = AnyEventObject, TSnapshot = AnyMachineSnapshot> {
  event: TEvent;
  /** What happens, in words QA can follow: "types a malformed e-mail". */
  label: string;
  /**
   * Offer the event only in snapshots where a person would plausibly cause it
   * (types a malformed address into an empty field, not over a good one). Keeps
   * the simple paths to the routes worth walking; coverage shows if too few remain.
   */
  when?(snapshot: TSnapshot): boolean;
}

/** What an invoked actor may answer in the model, each with its words for QA. */
export interface ActorOutcomes {
  done?: Array<{ output?: unknown; label: string }>;
  error?: Array<{ error: unknown; label: string }>;
}

export interface ModelDefinition<TMachine extends AnyStateMachine = AnyStateMachine> {
  machine: TMachine;
  input?: InputFrom<TMachine>;
  /**
   * The events a person or the app can send, with the data that matters (one
   * malformed and one valid e-mail, say). Without it every event the machine
   * names is sent once without data, which cannot pass guards that read data.
   */
  events?: Array<ModelEvent<EventFromLogic<TMachine>, SnapshotFrom<TMachine>>>;
  /**
   * Results of invoked actors, by their name in `setup`. The graph tools never
   * run actors, so `xstate.done.actor.<id>` / `xstate.error.actor.<id>` events
   * are made from these for every state that invokes the actor. An actor left
   * out finishes with no output and fails with a plain Error.
   */
  actors?: Record<string, ActorOutcomes>;
  /**
   * States are told apart by value only, so traversal ends however context
   * changes. Return the few context facts that matter besides the value, in
   * buckets: every fact a guard reads (or the guarded branch is never found),
   * and every fact a targetless transition changes (or it looks like a loop).
   */
  facts?(snapshot: SnapshotFrom<TMachine>): unknown;
  /** The state in words, as a person sees it, for the printed paths. */
  describeState?(snapshot: SnapshotFrom<TMachine>): string;
  /**
   * Simple paths (every loop-free route) on top of the shortest ones: `true`
   * (the default) to every state, a predicate to only the states it accepts
   * (e.g. the final ones: every way to finish), `false` for none. Loop-free
   * routes multiply quickly, and each one is a test that drives the UI.
   */
  simplePaths?: boolean | ((snapshot: AnyMachineSnapshot) => boolean);
  /**
   * States (by key, "awaitingCode") and transitions (by their line in the
   * report, "editing —user.submitEmail [isEmailWellFormed]→ sending") the paths
   * cannot reach, each with the reason. They leave the totals but stay listed.
   */
  exclude?: { states?: Record<string, string>; transitions?: Record<string, string> };
}

/** Keeps the machine's own types while writing a model definition. */
export function defineModel<TMachine extends AnyStateMachine>(definition: ModelDefinition<TMachine>) {
  return definition;
}

/** A done or error event of an invoked actor, with which actor it stands for. */
export interface ActorEvent {
  kind: 'done' | 'error';
  /** The actor's name in `setup`, e.g. "sendLink". */
  src: string;
  invokeId: string;
  event: AnyEventObject;
  label: string;
}

export interface ModelPath extends TestPath<Snapshot, AnyEventObject> {
  /** 1-based position in the model's list. */
  number: number;
  /** Which generator found it: shortest, simple, or added to take a transition the others miss. */
  origin: 'shortest' | 'simple' | 'transition';
  /** The path in plain words, one step per line, for QA. */
  lines: string[];
}

export interface CoverageCount {
  /** Everything that counts: all minus the exclusions. */
  total: number;
  covered: string[];
  missed: string[];
  excluded: Array<{ key: string; reason: string }>;
  percent: number;
}

export interface CoverageReport {
  machine: string;
  paths: number;
  states: CoverageCount;
  transitions: CoverageCount;
  /** Excluded as unreachable, yet reached: the exclusion is wrong or out of date. */
  staleExclusions: string[];
  /** Every counted state reached, every counted transition taken, no stale exclusion. */
  complete: boolean;
  /** The report in plain words. */
  summary: string;
}

export interface MachineModel {
  machine: AnyStateMachine;
  testModel: TestModel<Snapshot, AnyEventObject, unknown>;
  /** The person's and the app's events, as given or derived. */
  events: ModelEvent[];
  actorEvents: ActorEvent[];
  delayEvents: ModelEvent[];
  serializeState(snapshot: Snapshot): string;
  describeEvent(event: AnyEventObject): string;
  describeState(snapshot: Snapshot): string;
  shortestPaths: ModelPath[];
  simplePaths: ModelPath[];
  /** Shortest and simple paths with every prefix of a longer path removed, plus one per otherwise missed transition. */
  paths: ModelPath[];
  /** Which states and transitions `paths` (all by default) reach, replayed on the machine. */
  coverage(paths?: readonly ModelPath[]): CoverageReport;
}

/** JSON, but an Error keeps its message: two failures must not look like one event. */
export function serializeEvent(event: AnyEventObject): string {
  return JSON.stringify(event, (_key, value: unknown) =>
    value instanceof Error ? { error: value.name, message: value.message } : value,
  );
}

function isActive(snapshot: Snapshot, node: AnyStateNode): boolean {
  return node.path.length === 0 || snapshot.matches(pathToStateValue(node.path));
}

function plainEvent(event: AnyEventObject): string {
  const { type, ...data } = event;
  return Object.keys(data).length === 0 ? type : `${type} ${serializeEvent(data as AnyEventObject)}`;
}

/** Does any transition of the machine listen for `type` (directly or by wildcard)? */
function isHandled(transitions: AnyTransitionDefinition[], type: string): boolean {
  return transitions.some(
    (transition) =>
      transition.eventType === type ||
      transition.eventType === '*' ||
      (transition.eventType.endsWith('.*') && type.startsWith(transition.eventType.slice(0, -1))),
  );
}

function deriveUserEvents(machine: AnyStateMachine): ModelEvent[] {
  const types = new Set<string>();
  for (const transition of transitionsOf(machine)) {
    const type = transition.eventType;
    if (type !== '' && !type.startsWith('xstate.') && !type.includes('*')) types.add(type);
  }
  return [...types].map((type) => ({ event: { type }, label: type }));
}

function deriveActorEvents(
  machine: AnyStateMachine,
  outcomes: Record<string, ActorOutcomes>,
  transitions: AnyTransitionDefinition[],
): ActorEvent[] {
  const events: ActorEvent[] = [];
  for (const node of stateNodesOf(machine)) {
    for (const invoke of node.invoke) {
      const src = typeof invoke.src === 'string' ? invoke.src : invoke.id;
      const given = outcomes[src] ?? {};
      const done = given.done ?? [{ output: undefined, label: `${src} finishes` }];
      const error = given.error ?? [{ error: new Error(`${src} failed`), label: `${src} fails` }];
      const doneType = `xstate.done.actor.${invoke.id}`;
      const errorType = `xstate.error.actor.${invoke.id}`;
      // An unhandled error event would put the model in XState's error status,
      // a state no screen has; an unhandled done event is merely ignored.
      if (isHandled(transitions, doneType)) {
        for (const { output, label } of done) {
          events.push({ kind: 'done', src, invokeId: invoke.id, label, event: { type: doneType, output, actorId: invoke.id } });
        }
      }
      if (isHandled(transitions, errorType)) {
        for (const { error: reason, label } of error) {
          events.push({ kind: 'error', src, invokeId: invoke.id, label, event: { type: errorType, error: reason, actorId: invoke.id } });
        }
      }
    }
  }
  return events;
}

interface DelayEvent extends ModelEvent {
  node: AnyStateNode;
}

function deriveDelayEvents(machine: AnyStateMachine): DelayEvent[] {
  const events = new Map<string, DelayEvent>();
  // The root's own `after` runs in every state (a flow-wide timeout).
  for (const node of [machine.root, ...stateNodesOf(machine)]) {
    for (const transition of node.after) {
      const delay = typeof transition.delay === 'function' ? 'computed delay' : String(transition.delay);
      if (!events.has(transition.eventType)) {
        events.set(transition.eventType, {
          node,
          event: { type: transition.eventType },
          label: `${delayText(machine, delay)} pass`,
        });
      }
    }
  }
  return [...events.values()];
}

interface Recorded {
  snapshot: Snapshot;
  taken: AnyTransitionDefinition[];
  /** Every microstep's snapshot, so states passed through by `always` count as reached. */
  passed: Snapshot[];
}

/** Runs the machine purely, as the graph tools do, but notes every transition taken. */
function createRecorder(machine: AnyStateMachine, input: unknown) {
  let taken: AnyTransitionDefinition[] = [];
  let passed: Snapshot[] = [];
  const self = createActor(
    fromTransition((state: null) => state, null),
    {
      inspect: (inspection) => {
        if (inspection.type !== '@xstate.microstep') return;
        taken.push(...inspection._transitions);
        passed.push(inspection.snapshot as Snapshot);
      },
    },
  );
  const scope: AnyActorScope = {
    self,
    id: '',
    sessionId: 'model-coverage',
    logger: () => undefined,
    // Deferred work is starting invoked actors: the model never runs them.
    defer: () => undefined,
    emit: () => undefined,
    system: self.system,
    stopChild: () => undefined,
    actionExecutor: () => undefined,
  };
  return {
    initial(): Recorded {
      taken = [];
      passed = [];
      const snapshot = machine.getInitialSnapshot(scope, input) as Snapshot;
      return { snapshot, taken, passed: [...passed, snapshot] };
    },
    step(snapshot: Snapshot, event: AnyEventObject): Recorded {
      taken = [];
      passed = [];
      const next = machine.transition(snapshot, event, scope) as Snapshot;
      return { snapshot: next, taken, passed: [...passed, next] };
    },
  };
}

function percent(covered: number, total: number): number {
  return total === 0 ? 100 : Math.floor((covered / total) * 1000) / 10;
}

function uniqueTransitionKeys(transitions: AnyTransitionDefinition[]): Map<AnyTransitionDefinition, string> {
  const keys = new Map<AnyTransitionDefinition, string>();
  const seen = new Map<string, number>();
  for (const transition of transitions) {
    const text = transitionText(transition);
    const count = (seen.get(text) ?? 0) + 1;
    seen.set(text, count);
    keys.set(transition, count === 1 ? text : `${text} (#${count})`);
  }
  return keys;
}

/**
 * Builds the model of one machine: a `TestModel` with an explicit event list,
 * the generated paths and their coverage.
 */
export function buildModel<TMachine extends AnyStateMachine>(definition: ModelDefinition<TMachine>): MachineModel {
  const machine: AnyStateMachine = definition.machine;
  const input: unknown = definition.input;
  const nodes = stateNodesOf(machine);
  const transitions = transitionsOf(machine);
  const transitionKeys = uniqueTransitionKeys(transitions);
  const facts = definition.facts as ((snapshot: Snapshot) => unknown) | undefined;
  const describe = definition.describeState as ((snapshot: Snapshot) => string) | undefined;

  const excludedStates = new Map(Object.entries(definition.exclude?.states ?? {}));
  const excludedTransitions = new Map(Object.entries(definition.exclude?.transitions ?? {}));
  const stateKeys = new Set(nodes.map(stateKey));
  const knownTransitionKeys = new Set(transitionKeys.values());
  for (const key of excludedStates.keys()) {
    if (!stateKeys.has(key)) throw new Error(`${machine.id}: excluded state "${key}" is not a state of the machine.`);
  }
  for (const key of excludedTransitions.keys()) {
    if (!knownTransitionKeys.has(key)) {
      throw new Error(
        `${machine.id}: excluded transition "${key}" is not a transition of the machine. Its transitions are:\n  ${[...knownTransitionKeys].join('\n  ')}`,
      );
    }
  }

  const userEvents: ModelEvent[] = (definition.events as ModelEvent[] | undefined) ?? deriveUserEvents(machine);
  const actorEvents = deriveActorEvents(machine, definition.actors ?? {}, transitions);
  const delayEvents = deriveDelayEvents(machine);

  const labels = new Map<string, string>();
  for (const { event, label } of [...userEvents, ...actorEvents, ...delayEvents]) labels.set(serializeEvent(event), label);

  const serializeState = (snapshot: Snapshot): string =>
    JSON.stringify([snapshot.status, snapshot.value, facts ? facts(snapshot) : null]);

  const offeredEvents = (snapshot: Snapshot): AnyEventObject[] => [
    ...userEvents.filter(({ when }) => !when || when(snapshot)).map(({ event }) => event),
    // Only a running actor can finish, and only an active state's timer can fire.
    ...actorEvents.filter(({ invokeId }) => invokeId in snapshot.children).map(({ event }) => event),
    ...delayEvents.filter(({ node }) => isActive(snapshot, node)).map(({ event }) => event),
  ];

  const testModel = new TestModel<Snapshot, AnyEventObject, unknown>(machine, {
    input,
    events: offeredEvents,
    serializeState,
    serializeEvent,
    // A finished (or crashed) machine takes no more events.
    stopWhen: (snapshot) => snapshot.status !== 'active',
    // `states: { awaitingCode: … }` or `{ '#magicLink.awaitingCode': … }` in path.test; '*' for the rest.
    stateMatcher: (snapshot, key) => {
      if (key.startsWith('#')) return isActive(snapshot, machine.getStateNodeById(key));
      return key !== '*' && snapshot.matches(key);
    },
  });

  const describeEvent = (event: AnyEventObject): string => labels.get(serializeEvent(event)) ?? plainEvent(event);
  const describeState = (snapshot: Snapshot): string => {
    if (describe) return describe(snapshot);
    return nodes
      .filter((node) => node.description && isActive(snapshot, node))
      .map((node) => node.description)
      .join('; ');
  };
  const stateLine = (snapshot: Snapshot): string => {
    const words = describeState(snapshot);
    const status = snapshot.status === 'done' ? ', finished' : snapshot.status === 'error' ? ', crashed' : '';
    return `${stateValueText(snapshot.value)}${words ? ` (${words}${status})` : status ? ` (${status.slice(2)})` : ''}`;
  };

  const recorder = createRecorder(machine, input);
  const start = recorder.initial().snapshot;
  if (start.status === 'error') {
    throw new Error(`${machine.id} fails as it starts, with input ${JSON.stringify(input)}: ${String(start.error)}`);
  }

  /** The path's events run again from the start: exact snapshots, and the transitions each step takes. */
  const replay = (events: readonly AnyEventObject[]) => {
    const first = recorder.initial();
    const snapshots = [first.snapshot];
    const taken = [first.taken];
    const passed = [...first.passed];
    for (const event of events) {
      const next = recorder.step(snapshots[snapshots.length - 1]!, event);
      snapshots.push(next.snapshot);
      taken.push(next.taken);
      passed.push(...next.passed);
    }
    return { snapshots, taken, passed };
  };

  const eventsOf = (path: Path): AnyEventObject[] => path.steps.slice(1).map((step) => step.event);

  /**
   * A generated path carries the first snapshot found for each serialized
   * state; context the serializer leaves out may differ from what this path's
   * own events produce. Replaying gives the snapshots the UI will really be in.
   */
  const normalise = (path: Path): Path => {
    const events = eventsOf(path);
    const { snapshots } = replay(events);
    const steps: Array<Step<Snapshot, AnyEventObject>> = snapshots.map((snapshot, index) => ({
      state: snapshot,
      event: index === 0 ? path.steps[0]!.event : events[index - 1]!,
    }));
    steps.forEach((step, index) => {
      if (serializeState(step.state) !== serializeState(path.steps[index]!.state)) {
        throw new Error(
          `${machine.id}: replaying ${events.map(plainEvent).join(' → ')} gives ${serializeState(step.state)} at step ${index}, the graph said ${serializeState(path.steps[index]!.state)}.`,
        );
      }
    });
    return { state: snapshots[snapshots.length - 1]!, steps, weight: events.length };
  };

  const sequenceKey = (path: Path) => eventsOf(path).map(serializeEvent);

  const shortest = testModel.getShortestPaths({ allowDuplicatePaths: true }).map(normalise);
  const simpleTo = definition.simplePaths ?? true;
  const simple =
    simpleTo === false
      ? []
      : testModel
          .getSimplePaths({ allowDuplicatePaths: true, ...(simpleTo === true ? {} : { toState: simpleTo }) })
          .map(normalise);

  // Shortest and simple paths only reach each state by one loop-free route, so
  // a transition back into a state already on the route (retry after an error,
  // "use a different e-mail") is never taken. Add, for each such transition,
  // the shortest path to its source followed by the transition itself.
  const candidates: Array<{ origin: ModelPath['origin']; path: Path }> = [
    ...shortest.map((path) => ({ origin: 'shortest' as const, path })),
    ...simple.map((path) => ({ origin: 'simple' as const, path })),
  ];
  const takenBy = (paths: readonly Path[]) => {
    const taken = new Set<AnyTransitionDefinition>();
    for (const path of paths) for (const step of replay(eventsOf(path)).taken) step.forEach((t) => taken.add(t));
    return taken;
  };
  const taken = takenBy(candidates.map(({ path }) => path));
  const shortestTo = new Map(shortest.map((path) => [serializeState(path.state), path]));
  const adjacency = testModel.getAdjacencyMap();
  const edges: Array<{ from: Path; event: AnyEventObject; to: Snapshot; taken: AnyTransitionDefinition[] }> = [];
  for (const [key, { state, transitions: next }] of Object.entries(adjacency)) {
    const from = shortestTo.get(key);
    if (!from) continue;
    for (const { event, state: nextState } of Object.values(next) as Array<{ event: AnyEventObject; state: Snapshot }>) {
      if (nextState === state) continue;
      edges.push({ from, event, to: nextState, taken: recorder.step(state, event).taken });
    }
  }
  for (const transition of transitions) {
    if (taken.has(transition) || excludedTransitions.has(transitionKeys.get(transition)!)) continue;
    const best = edges
      .filter((edge) => edge.taken.includes(transition))
      .sort((a, b) => a.from.steps.length - b.from.steps.length)[0];
    if (!best) continue;
    const extended = normalise({
      state: best.to,
      weight: best.from.weight + 1,
      steps: [...best.from.steps, { state: best.to, event: best.event }],
    });
    candidates.push({ origin: 'transition', path: extended });
    for (const step of replay(eventsOf(extended)).taken) step.forEach((t) => taken.add(t));
  }

  // A path that is the start of a longer one tests nothing the longer one does not.
  const byLength = [...candidates].sort((a, b) => b.path.steps.length - a.path.steps.length);
  const kept: typeof candidates = [];
  for (const candidate of byLength) {
    const sequence = sequenceKey(candidate.path);
    const covered = kept.some(({ path }) => {
      const longer = sequenceKey(path);
      return sequence.every((event, index) => longer[index] === event);
    });
    if (!covered) kept.push(candidate);
  }
  kept.sort(
    (a, b) =>
      a.path.steps.length - b.path.steps.length ||
      sequenceKey(a.path).join('\n').localeCompare(sequenceKey(b.path).join('\n')),
  );

  const toModelPath = (path: Path, origin: ModelPath['origin'], number: number): ModelPath => {
    const lines = path.steps.map((step, index) =>
      index === 0 ? stateLine(step.state) : `—${describeEvent(step.event)}→ ${stateLine(step.state)}`,
    );
    const events = eventsOf(path).map(describeEvent);
    const end = stateValueText(path.state.value);
    return {
      ...path,
      number,
      origin,
      lines,
      description: `${number}. ${events.length === 0 ? 'starts' : events.join(', ')} ⇒ ${end}`,
      test: (params) => testModel.testPath(path, params),
    };
  };

  const paths = kept.map(({ path, origin }, index) => toModelPath(path, origin, index + 1));

  const coverage = (chosen: readonly ModelPath[] = paths): CoverageReport => {
    const reachedStates = new Set<string>();
    const takenTransitions = new Set<string>();
    for (const path of chosen) {
      const run = replay(eventsOf(path));
      for (const snapshot of run.passed) {
        for (const node of nodes) if (isActive(snapshot, node)) reachedStates.add(stateKey(node));
      }
      for (const step of run.taken) {
        for (const transition of step) {
          const key = transitionKeys.get(transition);
          if (key === undefined) throw new Error(`${machine.id}: took a transition the machine does not list (${transition.eventType}).`);
          takenTransitions.add(key);
        }
      }
    }
    const count = (all: string[], hit: Set<string>, excluded: Map<string, string>): CoverageCount => {
      const counted = all.filter((key) => !excluded.has(key));
      const covered = counted.filter((key) => hit.has(key));
      return {
        total: counted.length,
        covered,
        missed: counted.filter((key) => !hit.has(key)),
        excluded: [...excluded].map(([key, reason]) => ({ key, reason })),
        percent: percent(covered.length, counted.length),
      };
    };
    const states = count([...stateKeys], reachedStates, excludedStates);
    const transitionCount = count([...knownTransitionKeys], takenTransitions, excludedTransitions);
    const staleExclusions = [
      ...[...excludedStates.keys()].filter((key) => reachedStates.has(key)),
      ...[...excludedTransitions.keys()].filter((key) => takenTransitions.has(key)),
    ];
    const lines = [
      `${machine.id}: ${chosen.length} ${chosen.length === 1 ? 'path reaches' : 'paths reach'} ${states.covered.length} of ${states.total} states (${states.percent}%) and take ${transitionCount.covered.length} of ${transitionCount.total} transitions (${transitionCount.percent}%).`,
      ...states.excluded.map(({ key, reason }) => `  Left out on purpose, state ${key}: ${reason}`),
      ...transitionCount.excluded.map(({ key, reason }) => `  Left out on purpose, ${key}: ${reason}`),
      ...states.missed.map((key) => `  Never reached: state ${key}`),
      ...transitionCount.missed.map((key) => `  Never taken: ${key}`),
      ...staleExclusions.map((key) => `  Excluded as unreachable but reached anyway (remove the exclusion): ${key}`),
    ];
    return {
      machine: machine.id,
      paths: chosen.length,
      states,
      transitions: transitionCount,
      staleExclusions,
      complete: states.missed.length === 0 && transitionCount.missed.length === 0 && staleExclusions.length === 0,
      summary: lines.join('\n'),
    };
  };

  return {
    machine,
    testModel,
    events: userEvents,
    actorEvents,
    delayEvents: delayEvents.map(({ event, label }) => ({ event, label })),
    serializeState,
    describeEvent,
    describeState,
    shortestPaths: shortest.map((path, index) => toModelPath(path, 'shortest', index + 1)),
    simplePaths: simple.map((path, index) => toModelPath(path, 'simple', index + 1)),
    paths,
    coverage,
  };
}
