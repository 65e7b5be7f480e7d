import { describe, expect, it } from 'vitest';

import type { Resource } from '../../data/resources/list-resources';
import { resourceFileProblem } from '../../data/resources/upload-resource-file';
import { audienceLabel, audienceSentence, byCategory, fileSize, isNewSince, matchesSearch } from './resource-format';

function resource(overrides: Partial<Resource>): Resource {
  return {
    id: 'r1',
    title: 'Onboarding checklist',
    description: 'What to check first.',
    category: 'Checklists',
    audience: 'all_members',
    sectors: [],
    published: true,
    publishedAt: '2026-11-20T10:00:00Z',
    contentUpdatedAt: '2026-11-20T10:00:00Z',
    current: null,
    versions: [],
    ...overrides,
  };
}

describe('resource formats', () => {
  it('marks as new what changed after the visit before, and everything on a first visit', () => {
    const r = resource({ contentUpdatedAt: '2026-11-20T10:00:00Z' });
    expect(isNewSince(r, null)).toBe(true);
    expect(isNewSince(r, '2026-11-20T09:59:59Z')).toBe(true);
    expect(isNewSince(r, '2026-11-20T10:00:00Z')).toBe(false);
    expect(isNewSince(r, '2026-11-21T00:00:00Z')).toBe(false);
  });

  it('searches title, description, category and file name, in any case', () => {
    const r = resource({ current: { id: 'v', label: '1', objectPath: 'a/b.pdf', fileName: 'clinic-guide.pdf', mimeType: 'application/pdf', byteSize: 1, uploadedAt: '' } });
    expect(matchesSearch(r, '  ')).toBe(true);
    expect(matchesSearch(r, 'ONBOARDING')).toBe(true);
    expect(matchesSearch(r, 'check first')).toBe(true);
    expect(matchesSearch(r, 'checklists')).toBe(true);
    expect(matchesSearch(r, 'clinic-guide')).toBe(true);
    expect(matchesSearch(r, 'passport')).toBe(false);
  });

  it('groups by category in alphabetical order, keeping the order within each', () => {
    const groups = byCategory([
      resource({ id: 'a', category: 'Templates' }),
      resource({ id: 'b', category: 'Checklists' }),
      resource({ id: 'c', category: 'Templates' }),
    ]);
    expect(groups.map(([category, list]) => [category, list.map((r) => r.id)])).toEqual([
      ['Checklists', ['b']],
      ['Templates', ['a', 'c']],
    ]);
  });

  it('names the audience in words', () => {
    expect(audienceLabel(resource({}))).toBe('Every member');
    expect(audienceLabel(resource({ audience: 'sectors', sectors: ['healthcare', 'financial_services'] }))).toBe('Healthcare, Financial services');
    expect(audienceSentence(resource({ audience: 'sectors', sectors: ['legal'] }))).toBe('member organisations in Legal');
    expect(audienceSentence(resource({}))).toBe('every member organisation');
  });

  it('writes sizes as people read them', () => {
    expect(fileSize(12)).toBe('12 bytes');
    expect(fileSize(4096)).toBe('4 KB');
    expect(fileSize(2.5 * 1024 * 1024)).toBe('2.5 MB');
  });

  it('says why a file cannot be uploaded before anything is sent', () => {
    const pdf = { name: 'a.pdf', type: 'application/pdf', size: 10 };
    expect(resourceFileProblem(pdf)).toBeNull();
    expect(resourceFileProblem({ name: 'b.docx', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', size: 10 })).toBeNull();
    expect(resourceFileProblem({ ...pdf, name: 'c.jpg', type: 'image/jpeg' })).toBe('c.jpg is not a PDF, Word (.docx), Excel (.xlsx) or PNG file. Choose one of those.');
    expect(resourceFileProblem({ ...pdf, size: 0 })).toBe('a.pdf is empty. Choose the file again.');
    expect(resourceFileProblem({ ...pdf, size: 20 * 1024 * 1024 + 1 })).toBe('a.pdf is larger than 20 MB. Choose a smaller file.');
  });
});
