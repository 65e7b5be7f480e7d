import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { ACTION_LABELS, actionLabel, changeLines } from '../../src/features/admin/audit-action-labels.ts';
import { MEMBER_ACTIONS } from '../../src/features/member/organization-activity-labels.ts';

/**
 * (In the db tier because it reads the migrations from disk; it needs no stack.)
 * Every action the database can write to network_activity has a name a person
 * reads, in the back office and (for an organisation's own entries) on the
 * member home. The actions are read from the migrations themselves, so a new
 * one without a name fails here instead of showing as "Organization change
 * approved" in American spelling.
 */
const migrationsDir = join(import.meta.dirname, '../../supabase/migrations');
const sql = readdirSync(migrationsDir)
  .filter((name) => name.endsWith('.sql'))
  .map((name) => readFileSync(join(migrationsDir, name), 'utf8'))
  .join('\n');

function enumLabels(type: string): string[] {
  const match = new RegExp(`create type public\\.${type} as enum \\(([^)]*)\\)`, 'i').exec(sql);
  if (!match) throw new Error(`enum ${type} not found in the migrations`);
  const added = [...sql.matchAll(new RegExp(`alter type public\\.${type} add value (?:if not exists )?'([a-z_]+)'`, 'gi'))].map((m) => m[1]);
  return [...[...match[1].matchAll(/'([a-z_]+)'/g)].map((m) => m[1]), ...added];
}

/** Actions built by the audit trigger: entity plus its insert, update and delete verbs. */
function triggerActions(): { action: string; organisation: boolean }[] {
  return [...sql.matchAll(/audit_privileged_change\('([a-z_]+)', '([a-z_]*)', '[a-z_]*', '([a-z_]*)', '([a-z_]*)', '([a-z_]*)'\)/g)].flatMap(
    ([, entity, orgColumn, ...verbs]) => verbs.filter(Boolean).map((verb) => ({ action: `${entity}.${verb}`, organisation: orgColumn !== '' })),
  );
}

/** Actions the RPCs write themselves, named as literals ('tenant_invitation.accepted') anywhere in the SQL. */
const NAMESPACES = 'application|registry|organization|organization_member|organization_change|tenant_invitation|admin_invitation|system_admin|conversation|contact_message|resource|verification_schema|pricing_plan|published_update|investor_access|investor_request|stakeholder|investor_folder|investor_document|nda_version|investor_update|investor_nda|billing|billing_profile|membership|invoice|credit_note|payment|bank_statement|database|trust_list|membership_credential|account|account';
function literalActions(): string[] {
  return [...new Set([...sql.matchAll(new RegExp(`'((?:${NAMESPACES})\\.[a-z_]+)'`, 'g'))].map((m) => m[1]))];
}

const applicationSteps = enumLabels('application_event_type').map((step) => `application.${step}`);
const registrySteps = [...enumLabels('registry_status'), 'reinstated'].map((status) => `registry.${status}`);
const changeSteps = ['requested', ...enumLabels('organization_change_status').filter((s) => s !== 'pending')].map((step) => `organization_change.${step}`);
const triggered = triggerActions();

/** What an organisation's own activity (organization_activity) can hold. */
const organisationActions = new Set([
  ...applicationSteps,
  ...registrySteps,
  ...changeSteps,
  ...triggered.filter((t) => t.organisation).map((t) => t.action),
  ...literalActions().filter((a) => /^(application|registry|organization|organization_member|organization_change|tenant_invitation|conversation)\./.test(a)),
]);
const allActions = new Set([...organisationActions, ...triggered.map((t) => t.action), ...literalActions()]);

describe('activity labels', () => {
  it('reads the actions from the migrations (so the guard below guards something)', () => {
    expect(applicationSteps).toContain('application.approved');
    expect(registrySteps).toEqual(expect.arrayContaining(['registry.suspended', 'registry.reinstated']));
    expect(changeSteps).toEqual(['organization_change.requested', 'organization_change.approved', 'organization_change.declined', 'organization_change.withdrawn']);
    expect(triggered.map((t) => t.action)).toEqual(expect.arrayContaining(['system_admin.granted', 'organization_member.added', 'admin_invitation.sent']));
    expect(literalActions()).toEqual(expect.arrayContaining(['tenant_invitation.accepted', 'organization.updated', 'conversation.started', 'conversation.closed', 'contact_message.answered', 'resource.published']));
  });

  it('names every action in the back office', () => {
    expect([...allActions].filter((action) => !(action in ACTION_LABELS)).sort()).toEqual([]);
  });

  it('names every action an organisation sees on its home', () => {
    expect([...organisationActions].filter((action) => !MEMBER_ACTIONS.includes(action)).sort()).toEqual([]);
  });

  it('reads an unknown action as its words', () => {
    expect(actionLabel('logo.replaced')).toBe('Logo replaced');
  });

  it('shows changes as field, from and to, and leaves out anything else', () => {
    expect(changeLines({ changes: { contact_email: { from: null, to: 'a@b.example' } } })).toEqual([{ field: 'contact email', from: '(empty)', to: 'a@b.example' }]);
    expect(changeLines({ changes: ['not', 'an', 'object'] })).toEqual([]);
  });
});
