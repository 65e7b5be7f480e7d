import { Flex, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';

import { FormDialog } from '../../../components/dialogs';
import { CheckboxInput } from '../../../components/form-controls';
import { SelectField, TextAreaField, TextField } from '../../../components/form-fields';
import type { Command } from '../../../components/use-command';
import type { AdminPricingPlan } from '../../../data/pricing/list-admin-pricing-plans';
import type { PricingPlanDraft } from '../../../data/pricing/save-pricing-plan';
import { checkPlanForm, CURRENCIES, EMPTY_PLAN_FORM, planFormFrom, type PlanErrors, type PlanField, type PlanForm } from './plan-form';

export interface PlanDialogProps {
  /** Open for this plan, or for a new one ('new'); closed when null. */
  editing: AdminPricingPlan | 'new' | null;
  onClose: () => void;
  save: Command<PricingPlanDraft, string>;
}

const FIELD_ORDER: PlanField[] = ['name', 'summary', 'price', 'currency', 'billingPeriod', 'includedVerifications', 'additionalVerificationEur', 'support', 'features'];

/**
 * Adding or changing a plan: every field labelled, checked before sending,
 * the first field with a problem focused; the database's refusal shown in the
 * dialog with what was typed kept.
 */
export function PlanDialog({ editing, onClose, save }: PlanDialogProps) {
  const [form, setForm] = useState<PlanForm>(EMPTY_PLAN_FORM);
  const [errors, setErrors] = useState<PlanErrors>({});
  const body = useRef<HTMLDivElement>(null);
  const isNew = editing === 'new';
  const currencies = CURRENCIES.includes(form.currency as (typeof CURRENCIES)[number]) ? CURRENCIES : [...CURRENCIES, form.currency];

  useEffect(() => {
    if (editing === null) return;
    setForm(editing === 'new' ? EMPTY_PLAN_FORM : planFormFrom(editing));
    setErrors({});
  }, [editing]);

  const set = <K extends PlanField>(field: K) => (value: PlanForm[K]) => {
    setForm((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function submit() {
    if (editing === null) return;
    const checked = checkPlanForm(form, editing === 'new' ? null : editing.id);
    if ('errors' in checked) {
      setErrors(checked.errors);
      const first = FIELD_ORDER.find((field) => checked.errors[field]);
      body.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    if ((await save.run(checked.draft)).ok) onClose();
  }

  return (
    <FormDialog
      open={editing !== null}
      onOpenChange={(open) => {
        if (!open) {
          save.reset();
          onClose();
        }
      }}
      title={isNew ? 'Add a plan' : `Edit ${editing?.name ?? 'plan'}`}
      description={
        isNew
          ? 'The plan is shown on /pricing as soon as you add it, after the others.'
          : 'Changes show on /pricing at once. A new price applies from now; the old one is kept for invoices issued for earlier dates.'
      }
      submitLabel={isNew ? 'Add plan' : 'Save changes'}
      busyLabel="Saving…"
      busyMessage="Saving the plan…"
      busy={save.busy}
      failure={save.error}
      failureTitle="The plan was not saved"
      onSubmit={() => void submit()}
    >
      <Stack gap="4" ref={body}>
        <TextField label="Name" name="name" required value={form.name} onChange={set('name')} error={errors.name} autoComplete="off" />
        <TextAreaField label="Who it is for" name="summary" required value={form.summary} onChange={set('summary')} error={errors.summary} maxChars={300} rows={2} />
        <TextField
          label="Price"
          name="price"
          inputMode="text"
          value={form.price}
          onChange={set('price')}
          error={errors.price}
          hint="Excluding VAT. Leave empty for a plan priced on request."
          autoComplete="off"
        />
        <Flex gap="4" direction={{ base: 'column', sm: 'row' }}>
          <SelectField
            label="Currency"
            name="currency"
            required
            value={form.currency}
            onChange={set('currency')}
            error={errors.currency}
            options={currencies.map((code) => ({ value: code, label: code }))}
            placeholder="Choose a currency"
          />
          <SelectField
            label="Billed"
            name="billingPeriod"
            required
            value={form.billingPeriod}
            onChange={(value) => set('billingPeriod')(value === 'year' ? 'year' : 'month')}
            options={[
              { value: 'month', label: 'Per month' },
              { value: 'year', label: 'Per year' },
            ]}
            placeholder="Choose how often"
          />
        </Flex>
        <TextField
          label="Verifications included"
          name="includedVerifications"
          inputMode="numeric"
          value={form.includedVerifications}
          onChange={set('includedVerifications')}
          error={errors.includedVerifications}
          hint="Each month. Leave empty when agreed per contract."
          autoComplete="off"
        />
        <TextField
          label="Each additional verification, in euros"
          name="additionalVerificationEur"
          inputMode="text"
          value={form.additionalVerificationEur}
          onChange={set('additionalVerificationEur')}
          error={errors.additionalVerificationEur}
          hint="Leave empty when agreed per contract."
          autoComplete="off"
        />
        <TextField label="Support" name="support" required value={form.support} onChange={set('support')} error={errors.support} hint="For example: E-mail, next business day." autoComplete="off" />
        <TextAreaField label="What the plan includes" name="features" value={form.features} onChange={set('features')} error={errors.features} hint="One feature a line, in the order shown; at most 20." maxChars={4000} rows={6} />
        <Flex as="label" gap="3" alignItems="flex-start" cursor="pointer">
          <CheckboxInput type="checkbox" name="isFeatured" checked={form.isFeatured} onChange={(event) => set('isFeatured')(event.target.checked)} />
          <Text>
            Highlight as the usual choice
            <Text as="span" display="block" color="fg.muted" textStyle="sm">
              Only one plan is highlighted: choosing this one takes the highlight from the others.
            </Text>
          </Text>
        </Flex>
      </Stack>
    </FormDialog>
  );
}
