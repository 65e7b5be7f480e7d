import { createRequire } from 'node:module';
import { domainToASCII, domainToUnicode } from 'node:url';

/**
 * The Public Suffix List as the pinned `tldts` package carries it.
 *
 * The database decides whether a website's domain is a public suffix
 * (docs/decisions/024-registered-facts-and-public-suffixes.md), so it needs
 * the list's rules as rows. `tldts` is the maintained npm copy of the list
 * (rebuilt from publicsuffix.org every few days), but it ships the list packed
 * as a trie of typed arrays rather than as text. This module reads that trie
 * back into rules in the list's own notation (`co.uk`, `*.ck`, `!www.ck`),
 * with their section (ICANN or private), and holds a plain implementation of
 * the list's algorithm to check the reading against tldts's own answers.
 *
 * The trie's layout is tldts's internal business, which is why the version is
 * pinned exactly and why `checkAgainstTldts` must pass before a migration is
 * written: a layout change makes the rules disagree with tldts and stops the
 * generator instead of producing a wrong list.
 */

export type Section = 'icann' | 'private';

export interface SuffixRule {
  /** In the list's notation: `co.uk`, `*.ck` (wildcard), `!www.ck` (exception). */
  rule: string;
  section: Section;
}

interface PackedTrie {
  nodeFlags: Uint8Array;
  edgeStart: ArrayLike<number>;
  edgeLength: ArrayLike<number>;
  edgeChild: ArrayLike<number>;
  labelText: string;
  rulesRoot: number;
  exceptionsRoot: number;
}

// tldts marks each rule's end node with 1 (ICANN section) or 2 (private section).
const SECTION_FLAGS: Record<number, Section> = { 1: 'icann', 2: 'private' };

const require = createRequire(import.meta.url);

function packedTrie(): PackedTrie {
  const trie = require('tldts/dist/cjs/src/data/trie.js') as Partial<PackedTrie>;
  const arrays = ['nodeFlags', 'edgeStart', 'edgeLength', 'edgeChild'] as const;
  if (
    arrays.some((name) => !ArrayBuffer.isView(trie[name])) ||
    typeof trie.labelText !== 'string' ||
    typeof trie.rulesRoot !== 'number' ||
    typeof trie.exceptionsRoot !== 'number'
  ) {
    throw new Error('tldts/dist/cjs/src/data/trie.js no longer has the layout scripts/lib/public-suffix-rules.ts reads.');
  }
  return trie as PackedTrie;
}

/** The version of the pinned tldts, named in the generated migration. */
export function tldtsVersion(): string {
  return (require('tldts/package.json') as { version: string }).version;
}

/** Every rule in the list, as tldts holds it. */
export function rulesFromTldts(): SuffixRule[] {
  const trie = packedTrie();
  // Labels are stored back to back in edge order; an edge's label starts where the previous one ended.
  const labelStart: number[] = [];
  for (let edge = 0, offset = 0; edge < trie.edgeLength.length; edge += 1) {
    labelStart.push(offset);
    offset += trie.edgeLength[edge]!;
  }
  const rules: SuffixRule[] = [];
  const visit = (node: number, labels: string[], exception: boolean): void => {
    for (let edge = trie.edgeStart[node]!; edge < trie.edgeStart[node + 1]!; edge += 1) {
      const label = trie.labelText.slice(labelStart[edge], labelStart[edge]! + trie.edgeLength[edge]!);
      const child = trie.edgeChild[edge]!;
      const path = [label, ...labels];
      const flag = trie.nodeFlags[child]!;
      if (flag !== 0) {
        const section = SECTION_FLAGS[flag];
        if (!section) throw new Error(`Unexpected rule flag ${flag} for ${path.join('.')} in tldts's trie.`);
        rules.push({ rule: (exception ? '!' : '') + path.join('.'), section });
      }
      visit(child, path, exception);
    }
  };
  visit(trie.rulesRoot, [], false);
  visit(trie.exceptionsRoot, [], true);
  for (const { rule } of rules) {
    // The SQL implementation handles a wildcard only as the left-most label, as the list uses it.
    if (rule.replace(/^\*\./, '').includes('*')) throw new Error(`Wildcard not in the left-most label: ${rule}`);
  }
  return rules;
}

/**
 * The rules to store: each as listed, plus its other spelling when it has
 * internationalised labels (the list writes most of them in Unicode, a few in
 * punycode; a website may be typed either way, and both must be refused).
 */
export function rulesForDatabase(rules: SuffixRule[] = rulesFromTldts()): SuffixRule[] {
  const byRule = new Map<string, SuffixRule>();
  const add = (rule: SuffixRule) => {
    if (!byRule.has(rule.rule)) byRule.set(rule.rule, rule);
  };
  for (const rule of rules) add(rule);
  for (const { rule, section } of rules) {
    const marker = /^(\*\.|!)/.exec(rule)?.[0] ?? '';
    const name = rule.slice(marker.length);
    for (const other of [domainToASCII(name), domainToUnicode(name)]) {
      if (other !== '' && other !== name) add({ rule: marker + other, section });
    }
  }
  // Sorted by their labels read right to left, so a TLD's rules stay together
  // (as in the list) and a refreshed list diffs line by line.
  const key = (rule: string) => rule.replace(/^(\*\.|!)/, '').split('.').reverse().join('.') + ' ' + rule;
  return [...byRule.values()].sort((a, b) => (key(a.rule) < key(b.rule) ? -1 : key(a.rule) > key(b.rule) ? 1 : 0));
}

/**
 * The public suffix of `host` under `rules`, by the list's algorithm
 * (publicsuffix.org/list/): of the matching rules an exception wins and loses
 * its left-most label, otherwise the rule with the most labels wins; with no
 * match the suffix is the last label. Null for a host with an empty label.
 */
export function publicSuffixOf(host: string, rules: ReadonlySet<string>): string | null {
  const labels = host.split('.');
  if (labels.some((label) => label === '')) return null;
  const n = labels.length;
  const suffix = (k: number) => labels.slice(n - k).join('.');
  let longest = 1;
  let exception: number | null = null;
  for (let k = 1; k <= n; k += 1) {
    if (rules.has('!' + suffix(k))) exception = Math.max(exception ?? 0, k);
    if (rules.has(suffix(k))) longest = Math.max(longest, k);
    if (k >= 2 && rules.has('*.' + suffix(k - 1))) longest = Math.max(longest, k);
  }
  return suffix(exception === null ? longest : exception - 1);
}

/** Hosts that exercise every rule: the rule's own name and one, two and three labels under it. */
export function hostsAroundRules(rules: SuffixRule[]): string[] {
  return rules.flatMap(({ rule }) => {
    const name = rule.replace(/^(\*\.|!)/, '');
    return [name, `x.${name}`, `y.x.${name}`, `z.y.x.${name}`];
  });
}

/**
 * Throws unless `publicSuffixOf` over the rules read from the trie gives
 * tldts's own answer (private suffixes included) for every host around every
 * rule: the proof that the trie was read correctly.
 */
export async function checkAgainstTldts(rules: SuffixRule[]): Promise<number> {
  const { getPublicSuffix } = await import('tldts');
  const set = new Set(rules.map((r) => r.rule));
  const hosts = hostsAroundRules(rules);
  const wrong = hosts
    .map((host) => ({ host, ours: publicSuffixOf(host, set), tldts: getPublicSuffix(host, { allowPrivateDomains: true }) }))
    .filter((answer) => answer.ours !== answer.tldts);
  if (wrong.length > 0) {
    throw new Error(
      `The rules read from tldts ${tldtsVersion()} disagree with tldts on ${wrong.length} hosts, e.g. ` +
        wrong
          .slice(0, 5)
          .map((w) => `${w.host}: ${w.ours} vs ${w.tldts}`)
          .join('; '),
    );
  }
  return hosts.length;
}
