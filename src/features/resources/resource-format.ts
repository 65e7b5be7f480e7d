import { formatLongDate } from '../../components/formats';
import { sectorLabel } from '../../components/organization-labels';
import type { Resource, ResourceVersion } from '../../data/resources/list-resources';
import { RESOURCE_FILE_TYPES } from '../../data/resources/upload-resource-file';

/** "2.4 MB", "310 KB", "12 bytes". */
export function fileSize(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return `${mb.toFixed(1)} MB`;
  return bytes >= 1024 ? `${Math.round(bytes / 1024)} KB` : `${bytes} bytes`;
}

/** "PDF · 1.2 MB". */
export function fileSummary(version: ResourceVersion): string {
  return `${RESOURCE_FILE_TYPES[version.mimeType] ?? 'File'} · ${fileSize(version.byteSize)}`;
}

/** "Every member" or "Healthcare, Legal". */
export function audienceLabel(resource: Pick<Resource, 'audience' | 'sectors'>): string {
  if (resource.audience === 'all_members') return 'Every member';
  return resource.sectors.map((s) => sectorLabel(s) ?? s).join(', ');
}

/** Who will see it, inside a sentence: "every member organisation" or "member organisations in Healthcare, Legal". */
export function audienceSentence(resource: Pick<Resource, 'audience' | 'sectors'>): string {
  return resource.audience === 'all_members' ? 'every member organisation' : `member organisations in ${audienceLabel(resource)}`;
}

/** "Version 2.0 · 3 November 2026". */
export function versionLine(version: ResourceVersion): string {
  return `Version ${version.label} · ${formatLongDate(new Date(version.uploadedAt))}`;
}

/** Whether a resource counts as new: added or given a new version since the visit before this one (every one on a first visit). */
export function isNewSince(resource: Pick<Resource, 'contentUpdatedAt'>, previousVisit: string | null): boolean {
  return previousVisit === null || new Date(resource.contentUpdatedAt).getTime() > new Date(previousVisit).getTime();
}

/** Resources whose title, description, category or file name contain the phrase (any case). */
export function matchesSearch(resource: Resource, phrase: string): boolean {
  const needle = phrase.trim().toLowerCase();
  if (needle === '') return true;
  return [resource.title, resource.description, resource.category, resource.current?.fileName ?? '']
    .join(' ')
    .toLowerCase()
    .includes(needle);
}

/** The resources by category, categories in alphabetical order, each list as given (by title). */
export function byCategory(resources: Resource[]): [string, Resource[]][] {
  const groups = new Map<string, Resource[]>();
  for (const r of resources) groups.set(r.category, [...(groups.get(r.category) ?? []), r]);
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b, 'en-GB'));
}
