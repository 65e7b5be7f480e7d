import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

import ts from 'typescript';

/**
 * Import circles among our own modules, type-only imports included.
 * ESLint's import-x/no-cycle skips `import type` and was a sixth of
 * `npm run lint`'s CPU time, so this reads every file once with TypeScript's
 * parser instead (scripts/import-circles.test.ts keeps the count at zero;
 * docs/architecture.md, "Layers and arrows").
 */

const SOURCE = /\.(?:ts|tsx)$/;
const RESOLVE_SUFFIXES = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/** Every TypeScript file under `folders` (relative to `root`), as paths relative to `root`. */
export function sourceFiles(root: string, folders: readonly string[]): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const child = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) found.push(child);
    }
  };
  for (const folder of folders) walk(folder);
  return found.sort();
}

/**
 * What a module names: static imports and re-exports (type-only too), dynamic
 * `import()`, and `import('…')` types. Specifiers with a query (`?raw`) read a
 * file's text, not its module, so they close no circle.
 */
export function importedSpecifiers(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const specifiers: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument)) specifiers.push(argument.text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      specifiers.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers.filter((specifier) => !specifier.includes('?'));
}

/** The import graph of our modules: each file to the files of ours it imports (packages are left out). */
export function importGraph(root: string, files: readonly string[]): Map<string, string[]> {
  const known = new Set(files);
  const resolve = (from: string, specifier: string): string | null => {
    if (!specifier.startsWith('.')) return null;
    const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
    return RESOLVE_SUFFIXES.map((suffix) => base + suffix).find((candidate) => known.has(candidate)) ?? null;
  };
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = importedSpecifiers(file, readFileSync(path.join(root, file), 'utf8'))
      .map((specifier) => resolve(file, specifier))
      .filter((target): target is string => target !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/**
 * The circles: each group of modules that reach one another through their
 * imports (Tarjan's strongly connected components), and each module that
 * imports itself. Each group is sorted, the groups by their first module.
 */
export function importCircles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  let next = 0;

  const connect = (module: string) => {
    index.set(module, next);
    lowLink.set(module, next);
    next += 1;
    stack.push(module);
    onStack.add(module);
    for (const target of graph.get(module) ?? []) {
      if (!index.has(target)) {
        connect(target);
        lowLink.set(module, Math.min(lowLink.get(module)!, lowLink.get(target)!));
      } else if (onStack.has(target)) {
        lowLink.set(module, Math.min(lowLink.get(module)!, index.get(target)!));
      }
    }
    if (lowLink.get(module) !== index.get(module)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== module);
    if (group.length > 1 || (graph.get(module) ?? []).includes(module)) circles.push(group.sort());
  };

  for (const module of graph.keys()) if (!index.has(module)) connect(module);
  return circles.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** The circles among the TypeScript files under `folders` of `root`. */
export function findImportCircles(root: string, folders: readonly string[]): string[][] {
  const present = folders.filter((folder) => statSync(path.join(root, folder), { throwIfNoEntry: false })?.isDirectory());
  return importCircles(importGraph(root, sourceFiles(root, present)));
}
