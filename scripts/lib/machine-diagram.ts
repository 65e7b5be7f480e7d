/**
 * docs/machines.md, rendered from the machine definitions themselves: one
 * Mermaid state diagram per machine and a table of its states. Pure (no file
 * system), so the unit test can render in memory and compare with the file.
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

import {
  eventTypeText,
  guardText,
  ownTransitionsOf,
  stateKey,
  stateNodesOf,
  targetsOf,
  type MachineEntry,
} from '../../tests/support/statechart.ts';

export const MACHINE_DOCS_FILE = 'docs/machines.md';
export const MACHINE_DOCS_COMMAND = 'npx tsx scripts/machine-docs.ts';

// Words Mermaid's state-diagram lexer (case-insensitive) takes as keywords; a state named like one gets a suffix.
const RESERVED = new Set(['state', 'note', 'end', 'direction', 'class', 'classdef', 'default', 'scale', 'as', 'left', 'right', 'of']);

/** Mermaid ids: the state's key where it is unique in the machine, else its whole path. */
function mermaidIds(machine: AnyStateMachine): Map<AnyStateNode, string> {
  const nodes = stateNodesOf(machine);
  const keyCount = new Map<string, number>();
  for (const node of nodes) keyCount.set(node.key, (keyCount.get(node.key) ?? 0) + 1);
  const ids = new Map<AnyStateNode, string>();
  for (const node of nodes) {
    let id = keyCount.get(node.key) === 1 ? node.key : node.path.join('_');
    id = id.replace(/[^A-Za-z0-9_]/g, '_');
    if (RESERVED.has(id.toLowerCase())) id = `${id}_`;
    ids.set(node, id);
  }
  return ids;
}

/** An arrow's label ends at a line break, ':' or ';' in Mermaid's grammar, so those go. */
function labelText(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/[;:]/g, ',').trim();
}

/** A multi-line note runs to "end note" and takes anything else verbatim. */
function noteText(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/end\s+note/gi, 'end-note').trim();
}

function transitionLabel(transition: AnyTransitionDefinition): string {
  const guard = guardText(transition.guard);
  return labelText(`${eventTypeText(transition.source, transition.eventType)}${guard ? ` [${guard}]` : ''}`);
}

/** The deepest state that contains both ends of a transition: where Mermaid wants the arrow written. */
function containerOf(transition: AnyTransitionDefinition, target: AnyStateNode): AnyStateNode {
  const ancestors = (node: AnyStateNode) => {
    const chain: AnyStateNode[] = [];
    for (let parent = node.parent; parent; parent = parent.parent) chain.push(parent);
    return chain;
  };
  const targetAncestors = new Set(ancestors(target));
  return ancestors(transition.source).find((node) => targetAncestors.has(node)) ?? transition.source.machine.root;
}

/** The Mermaid `stateDiagram-v2` source for one machine. */
export function mermaidDiagram(machine: AnyStateMachine): string {
  const ids = mermaidIds(machine);
  const lines: string[] = ['stateDiagram-v2'];

  // Arrows go inside the composite state that holds both ends, so Mermaid
  // draws them there and never invents a second state of the same name.
  const arrows = new Map<AnyStateNode, string[]>();
  for (const node of stateNodesOf(machine)) {
    for (const transition of ownTransitionsOf(node)) {
      for (const target of targetsOf(transition)) {
        const container = containerOf(transition, target);
        const list = arrows.get(container) ?? [];
        list.push(`${ids.get(node)} --> ${ids.get(target)}: ${transitionLabel(transition)}`);
        arrows.set(container, list);
      }
    }
  }

  const writeChildren = (parent: AnyStateNode, indent: string) => {
    const children = Object.values(parent.states) as AnyStateNode[];
    if (parent.type === 'parallel') {
      // Each region is a composite state of its own; `--` separates them.
      children.forEach((region, index) => {
        if (index > 0) lines.push(`${indent}--`);
        writeNode(region, indent);
      });
    } else {
      const initial = parent.initial?.target?.[0];
      if (initial) lines.push(`${indent}[*] --> ${ids.get(initial)}`);
      for (const child of children) writeNode(child, indent);
    }
    for (const arrow of arrows.get(parent) ?? []) lines.push(`${indent}${arrow}`);
  };

  const writeNode = (node: AnyStateNode, indent: string) => {
    const id = ids.get(node)!;
    if (node.type === 'compound' || node.type === 'parallel') {
      lines.push(`${indent}state ${id} {`);
      writeChildren(node, `${indent}  `);
      lines.push(`${indent}}`);
    } else if (node.type === 'history') {
      lines.push(`${indent}state "${node.history === 'deep' ? 'H*' : 'H'}" as ${id}`);
    } else if (id !== node.key) {
      lines.push(`${indent}state "${node.key}" as ${id}`);
    } else {
      // Declared where it lives, before any arrow names it from elsewhere.
      lines.push(`${indent}${id}`);
    }
    if (node.type === 'final') lines.push(`${indent}${id} --> [*]`);
    if (node.description) {
      lines.push(`${indent}note right of ${id}`);
      lines.push(`${indent}  ${noteText(node.description)}`);
      lines.push(`${indent}end note`);
    }
  };

  writeChildren(machine.root, '  ');
  return lines.join('\n');
}

function tableCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();
}

function statesTable(machine: AnyStateMachine): string[] {
  const rows = stateNodesOf(machine).map((node) => {
    const kind = node.type === 'final' ? 'final' : node.type === 'atomic' ? '' : node.type;
    const runs = node.invoke.map((invoke) => (typeof invoke.src === 'string' ? invoke.src : invoke.id)).join(', ');
    return `| \`${stateKey(node)}\` | ${kind} | ${node.tags.join(', ')} | ${runs} | ${tableCell(node.description ?? '')} |`;
  });
  return ['| State | Kind | Tags | Runs | Why |', '|---|---|---|---|---|', ...rows];
}

/** Transitions the root itself declares apply in every state; a diagram has no arrow for that. */
function everywhereTransitions(machine: AnyStateMachine): string[] {
  return ownTransitionsOf(machine.root).map(
    (transition) => `- In any state, ${transitionLabel(transition)} → ${targetsOf(transition).map(stateKey).join(', ')}`,
  );
}

/** The whole of docs/machines.md. */
export function renderMachineDocs(entries: readonly MachineEntry[]): string {
  const sorted = [...entries].sort((a, b) => a.file.localeCompare(b.file));
  const out: string[] = [
    '# State machines',
    '',
    `<!-- Generated by \`${MACHINE_DOCS_COMMAND}\`. Do not edit by hand. -->`,
    '',
    `> **Generated** by \`${MACHINE_DOCS_COMMAND}\` from \`machines/*.machine.ts\`. Do not edit by hand:`,
    '> change the machine, then run the command again. `machines/machine-docs.test.ts` fails while this',
    '> file differs from what the machines say.',
    '',
    'Arrows are labelled with the event, then the guard in brackets. XState’s own events read as',
    '“*actor* done” / “*actor* error” (an invoked effect finished or failed), “after *delay*” (a timer)',
    'and “always” (taken as soon as its guard holds). An arrow back into the same state changes only',
    'context. Notes are the states’ `description`s. `npm run test:paths` lists the paths the',
    'model-based tests walk through these diagrams.',
  ];
  for (const { file, exportName, machine } of sorted) {
    out.push('', `## ${machine.id}`, '', `\`${exportName}\` in [${file}](../${file}).`);
    if (machine.root.description) out.push('', machine.root.description);
    out.push('', '```mermaid', mermaidDiagram(machine), '```');
    const everywhere = everywhereTransitions(machine);
    if (everywhere.length > 0) out.push('', ...everywhere);
    out.push('', ...statesTable(machine));
  }
  return `${out.join('\n')}\n`;
}
