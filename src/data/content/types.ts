import type { Database } from '../database.types';
import { publicObjectUrl } from '../public-storage';

/**
 * What the public site shows of the published content
 * (supabase/migrations/20261122005100_published-content.sql), in the app's
 * own shape. Only published rows ever reach these types: the policies give
 * visitors nothing else.
 */
type Tables = Database['public']['Tables'];
export type UpdateCategory = Database['public']['Enums']['update_category'];
export type SolutionCategory = Database['public']['Enums']['solution_category'];

/** Slugs as the database accepts them; anything else cannot name a row, so it is not looked up. */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export interface PricingPlan {
  id: string;
  slug: string;
  name: string;
  summary: string;
  /** Amount in `currency` per `billingPeriod`, excluding VAT; null when priced on request. */
  price: number | null;
  /** ISO 4217 code, e.g. EUR. */
  currency: string;
  billingPeriod: BillingPeriod;
  includedVerifications: number | null;
  additionalVerificationEur: number | null;
  support: string;
  features: string[];
  isFeatured: boolean;
}

export type BillingPeriod = 'month' | 'year';

export const PLAN_COLUMNS =
  'id,slug,name,summary,price,currency,billing_period,included_verifications,additional_verification_eur,support,features,is_featured';

export function toPricingPlan(row: Pick<Tables['pricing_plans']['Row'], 'id' | 'slug' | 'name' | 'summary' | 'price' | 'currency' | 'billing_period' | 'included_verifications' | 'additional_verification_eur' | 'support' | 'features' | 'is_featured'>): PricingPlan {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    summary: row.summary,
    // numeric arrives as a JSON number from PostgREST, but a string from some proxies.
    price: row.price === null ? null : Number(row.price),
    currency: row.currency,
    billingPeriod: row.billing_period === 'year' ? 'year' : 'month',
    includedVerifications: row.included_verifications,
    additionalVerificationEur: row.additional_verification_eur === null ? null : Number(row.additional_verification_eur),
    support: row.support,
    features: row.features,
    isFeatured: row.is_featured,
  };
}

export interface UpdateSummary {
  id: string;
  slug: string;
  title: string;
  summary: string;
  category: UpdateCategory;
  /** ISO timestamp: the article's date. */
  publishedAt: string;
  /** The cover image, or null when the update has none. */
  cover: UpdateCover | null;
}

/** A cover image: its public address in the update_covers bucket and what it shows (always given with a cover). */
export interface UpdateCover {
  url: string;
  alt: string;
}

export interface Update extends UpdateSummary {
  /** Plain text with the small markdown subset the migration describes. */
  body: string;
}

export const UPDATE_SUMMARY_COLUMNS = 'id,slug,title,summary,category,published_at,cover_path,cover_alt';
export const UPDATE_COLUMNS = `${UPDATE_SUMMARY_COLUMNS},body`;

export function toUpdateSummary(row: Tables['updates']['Row']): UpdateSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    category: row.category,
    // Never null for a row a visitor can read: the policy asks for a date that has come.
    publishedAt: row.published_at ?? '',
    cover: row.cover_path ? { url: publicObjectUrl('update_covers', row.cover_path), alt: row.cover_alt ?? '' } : null,
  };
}

export function toUpdate(row: Tables['updates']['Row']): Update {
  return { ...toUpdateSummary(row), body: row.body };
}

export interface SolutionSummary {
  id: string;
  slug: string;
  name: string;
  provider: string;
  category: SolutionCategory;
  summary: string;
  integratesWith: string[];
  /** The logo's public address in the brand_assets bucket; null when the solution has none. */
  logoUrl: string | null;
}

export interface Solution extends SolutionSummary {
  description: string;
  website: string;
  /** ISO 3166-1 alpha-2 code of where the provider is based. */
  country: string | null;
}

export const SOLUTION_SUMMARY_COLUMNS = 'id,slug,name,provider,category,summary,integrates_with,logo_path';
export const SOLUTION_COLUMNS = `${SOLUTION_SUMMARY_COLUMNS},description,website,country`;

export function toSolutionSummary(row: Tables['ecosystem_solutions']['Row']): SolutionSummary {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    provider: row.provider,
    category: row.category,
    summary: row.summary,
    integratesWith: row.integrates_with,
    logoUrl: row.logo_path ? publicObjectUrl('brand_assets', row.logo_path) : null,
  };
}

export function toSolution(row: Tables['ecosystem_solutions']['Row']): Solution {
  return { ...toSolutionSummary(row), description: row.description, website: row.website, country: row.country };
}
