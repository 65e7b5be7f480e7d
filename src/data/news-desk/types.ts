import type { Database } from '../database.types';

type Row = Database['public']['Tables']['updates']['Row'];
export type UpdateCategory = Database['public']['Enums']['update_category'];

/**
 * Where an update stands for its readers: a draft (never shown), scheduled
 * (published with a date still to come), published (visitors read it), or
 * unpublished (withdrawn; a draft again, with its history).
 */
export type DeskStatus = 'draft' | 'scheduled' | 'published' | 'unpublished';

/** An update as the news desk edits it: every field, whatever its state. */
export interface DeskUpdate {
  id: string;
  slug: string;
  title: string;
  summary: string;
  body: string;
  category: UpdateCategory;
  isPublished: boolean;
  /** ISO timestamp: the article's date (the planned one for a draft), or null. */
  publishedAt: string | null;
  unpublishedAt: string | null;
  updatedAt: string;
  /** The cover's object name in update_covers and its alternative text; both null when there is none. */
  coverPath: string | null;
  coverAlt: string | null;
}

export const DESK_COLUMNS = 'id,slug,title,summary,body,category,is_published,published_at,unpublished_at,updated_at,cover_path,cover_alt';

export function toDeskUpdate(row: Pick<Row, 'id' | 'slug' | 'title' | 'summary' | 'body' | 'category' | 'is_published' | 'published_at' | 'unpublished_at' | 'updated_at' | 'cover_path' | 'cover_alt'>): DeskUpdate {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    body: row.body,
    category: row.category,
    isPublished: row.is_published,
    publishedAt: row.published_at,
    unpublishedAt: row.unpublished_at,
    updatedAt: row.updated_at,
    coverPath: row.cover_path,
    coverAlt: row.cover_alt,
  };
}

/** The status the database's policies give the update at `now` (they decide; this only describes). */
export function deskStatus(update: Pick<DeskUpdate, 'isPublished' | 'publishedAt' | 'unpublishedAt'>, now: Date = new Date()): DeskStatus {
  if (update.isPublished) {
    return update.publishedAt !== null && new Date(update.publishedAt).getTime() > now.getTime() ? 'scheduled' : 'published';
  }
  return update.unpublishedAt !== null ? 'unpublished' : 'draft';
}

/** The slug the database accepts: lower-case letters, digits and single hyphens, at most 120 characters. */
export const DESK_SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** A slug made from a title: "Northwind joins — 2027!" → "northwind-joins-2027". */
export function slugFromTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120)
    .replace(/-+$/, '');
}
