/**
 * Reading a machine's definition as a statechart: its state nodes, its
 * transitions and readable names for both. The model-based tests, the QA path
 * printer and the generated diagrams all name things the same way through here,
 * so a transition reported as "never taken" can be found in docs/machines.md.
 */
import { StateMachine, type AnyStateMachine, type AnyStateNode, type AnyTransitionDefinition, type StateValue } from 'xstate';

/** One machine of machines/*.machine.ts and where it comes from. */
export interface MachineEntry {
  /** Repository-relative, e.g. "machines/magic-link.machine.ts". */
  file: string;
  exportName: string;
  machine: AnyStateMachine;
}

/** The one machine a machines/*.machine.ts module exports (each file holds one flow). */
export function findMachineExport(
  exports: Record<string, unknown>,
  file: string,
): { exportName: string; machine: AnyStateMachine } {
  const machines = Object.entries(exports).filter(
    (entry): entry is [string, AnyStateMachine] => entry[1] instanceof StateMachine,
  );
  if (machines.length !== 1) {
    const names = machines.map(([name]) => name).join(', ');
    throw new Error(`${file} should export exactly one machine, but exports ${machines.length}${names ? ` (${names})` : ''}.`);
  }
  const [[exportName, machine]] = machines as [[string, AnyStateMachine]];
  return { exportName, machine };
}

/** Every state node below the root, in document order. */
export function stateNodesOf(machine: AnyStateMachine): AnyStateNode[] {
  const nodes: AnyStateNode[] = [];
  const visit = (node: AnyStateNode) => {
    for (const child of Object.values(node.states) as AnyStateNode[]) {
      nodes.push(child);
      visit(child);
    }
  };
  visit(machine.root);
  return nodes;
}

/** "awaitingCode", or "checking.profile" for a nested state; "(machine)" for the root. */
export function stateKey(node: AnyStateNode): string {
  return node.path.length === 0 ? '(machine)' : node.path.join('.');
}

/** A state value as it reads in prose: "editing", "checking.profile", "(a.x, b.y)". */
export function stateValueText(value: StateValue): string {
  if (typeof value === 'string') return value;
  const parts = Object.entries(value).map(([key, child]) =>
    child === undefined || (typeof child === 'object' && Object.keys(child).length === 0)
      ? key
      : `${key}.${stateValueText(child)}`,
  );
  return parts.length === 1 ? parts[0]! : `(${parts.join(', ')})`;
}

/**
 * The transitions a node declares itself, in document order: `on`, `after`,
 * the invoke's `onDone`/`onError`, the node's own `onDone`, then `always`.
 */
export function ownTransitionsOf(node: AnyStateNode): AnyTransitionDefinition[] {
  return [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
}

/** Every transition of the machine, the root's own included. */
export function transitionsOf(machine: AnyStateMachine): AnyTransitionDefinition[] {
  return [machine.root, ...stateNodesOf(machine)].flatMap(ownTransitionsOf);
}

interface HigherOrderGuard {
  name?: string;
  guards?: unknown[];
  stateValue?: StateValue;
}

/** The guard as written in `setup`: "isEmailWellFormed", "not isSignedIn", "hasToken and isAdmin". */
export function guardText(guard: unknown): string | undefined {
  if (guard === undefined || guard === null) return undefined;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && 'type' in guard) return String((guard as { type: unknown }).type);
  if (typeof guard === 'function') {
    // xstate's and/or/not/stateIn are functions carrying their operands.
    const combined = guard as HigherOrderGuard;
    if (combined.stateValue !== undefined) return `in ${stateValueText(combined.stateValue)}`;
    const parts = (combined.guards ?? []).map((part) => guardText(part) ?? '?');
    if (combined.name === 'not' && parts.length === 1) return `not ${parts[0]}`;
    if ((combined.name === 'and' || combined.name === 'or') && parts.length > 0) return parts.join(` ${combined.name} `);
    return combined.name ? combined.name : 'inline guard';
  }
  return 'guard';
}

const DONE_ACTOR = 'xstate.done.actor.';
const ERROR_ACTOR = 'xstate.error.actor.';
const AFTER = 'xstate.after.';
const DONE_STATE = 'xstate.done.state.';

/** The actor a node invokes under `invokeId`, by the name it has in `setup`. */
function invokedSource(node: AnyStateNode, invokeId: string): string {
  const invoke = node.invoke.find((definition) => definition.id === invokeId);
  if (!invoke) return invokeId;
  return typeof invoke.src === 'string' ? invoke.src : invoke.id;
}

/**
 * The delay of an `after` transition in words: "5000 ms", or the named delay
 * with its value, "fallbackRedirect (5000 ms)", so the spec's number shows.
 */
export function delayText(machine: AnyStateMachine, delay: string): string {
  if (/^\d+$/.test(delay)) return `${delay} ms`;
  const value = (machine.implementations.delays as Record<string, unknown>)[delay];
  return typeof value === 'number' ? `${delay} (${value} ms)` : delay;
}

/**
 * An event type as the machine's author thinks of it: user and app events keep
 * their names; XState's generated ones become "sendLink done", "sendLink error",
 * "after 5000 ms", "done" (a compound state reached its final child) and "always".
 */
export function eventTypeText(source: AnyStateNode, eventType: string): string {
  if (eventType === '') return 'always';
  if (eventType.startsWith(DONE_ACTOR)) return `${invokedSource(source, eventType.slice(DONE_ACTOR.length))} done`;
  if (eventType.startsWith(ERROR_ACTOR)) return `${invokedSource(source, eventType.slice(ERROR_ACTOR.length))} error`;
  if (eventType.startsWith(AFTER)) {
    const suffix = `.${source.id}`;
    const delay = eventType.endsWith(suffix)
      ? eventType.slice(AFTER.length, -suffix.length)
      : eventType.slice(AFTER.length);
    return `after ${delayText(source.machine, delay)}`;
  }
  if (eventType.startsWith(DONE_STATE)) return 'done';
  return eventType;
}

/** The states a transition leads to; a targetless one (actions only) stays where it is. */
export function targetsOf(transition: AnyTransitionDefinition): AnyStateNode[] {
  return transition.target && transition.target.length > 0 ? [...transition.target] : [transition.source];
}

/**
 * One transition in one line, the same line in the coverage report, the path
 * printer and exclusion lists: "editing —user.submitEmail [isEmailWellFormed]→ sending".
 */
export function transitionText(transition: AnyTransitionDefinition): string {
  const guard = guardText(transition.guard);
  const event = eventTypeText(transition.source, transition.eventType);
  const targets = targetsOf(transition).map(stateKey).join(', ');
  return `${stateKey(transition.source)} —${event}${guard ? ` [${guard}]` : ''}→ ${targets}`;
}
