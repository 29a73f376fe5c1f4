import { prizeLabel } from '@campaign/domain';
import { useEffect, useState } from 'react';
import { Stack } from '@mui/material';
import { maxValue, minValue, NumberInput, required, SelectInput, SimpleForm, TextInput, useDataProvider } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { BsTwinInput } from '../../components/BsDateInput';
import { nepalToday } from '../../components/format';
import { FormToolbar } from '../../components/FormToolbar';
import { useApiList } from '../../components/useApiList';
import type { AppDataProvider } from '../../providers/dataProvider';
import { toChoices, useCampaignSettings } from '../../components/useCampaignSettings';
import { allocationAmounts, DEFAULT_ALLOCATION_TYPE, needsBranch, notBefore, typeChoices } from './allocationChoices';

interface Option {
  id: number;
  title: string;
}

/** Branch (hidden for public stock) and amount (the prize list of the chosen type). */
const BranchAndAmount = () => {
  const type = useWatch({ name: 'type' });
  const amount = useWatch({ name: 'amount' });
  const { setValue } = useFormContext();
  const branches = useApiList<Option>('/branches');
  const { settings, isPending } = useCampaignSettings();
  const amounts = allocationAmounts(type, settings.options);
  useEffect(() => {
    if (amount != null && amounts.length && !amounts.includes(Number(amount))) setValue('amount', null, { shouldDirty: true });
  }, [amount, amounts, setValue]);
  return (
    <>
      {needsBranch(type) && (
        <SelectInput
          source="branch_id"
          label="Branch"
          choices={branches.data}
          optionText="title"
          isPending={branches.isPending}
          validate={required()}
          fullWidth
        />
      )}
      <SelectInput
        source="amount"
        label="Amount"
        choices={toChoices(amounts, prizeLabel)}
        isPending={isPending}
        validate={required()}
        fullWidth
      />
    </>
  );
};

interface SchemeDay {
  /** The first day whose scheme can still change. */
  first_open: string;
  /** The freeze's message for the asked day, null when it can change. */
  frozen: string | null;
}

/**
 * The date: opens on the first day that can still change (today's scheme is always committed,
 * at 22:00 the evening before), and says beside the field, before Save, why a chosen day
 * cannot change (the server's freeze message, the one the Save would answer).
 */
const SchemeDate = ({ today }: { today: string }) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const date: string | undefined = useWatch({ name: 'date' });
  const { setValue, getFieldState } = useFormContext();
  const [firstOpen, setFirstOpen] = useState<string>();
  const [closed, setClosed] = useState<{ date: string; message: string } | null>(null);
  useEffect(() => {
    let alive = true;
    dataProvider.getObject<SchemeDay>('/allocation/day').then(
      (d) => {
        if (!alive) return;
        setFirstOpen(d.first_open);
        if (!getFieldState('date').isDirty) setValue('date', d.first_open);
      },
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [dataProvider, getFieldState, setValue]);
  useEffect(() => {
    if (!date) return;
    let alive = true;
    dataProvider.getObject<SchemeDay>(`/allocation/day?date=${encodeURIComponent(date)}`).then(
      (d) => alive && setClosed(d.frozen ? { date, message: d.frozen } : null),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [dataProvider, date]);
  const message = closed && closed.date === date ? closed.message : null;
  // Staff keep Bikram Sambat dates: the BS twin writes the same day into the AD input's value.
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ width: '100%', columnGap: 2 }}>
      <TextInput
        source="date"
        label="Date"
        type="date"
        validate={[required(), notBefore(today)]}
        helperText={message ?? false}
        slotProps={{ htmlInput: { min: firstOpen ?? today }, inputLabel: { shrink: true } }}
        sx={message ? { '& .MuiFormHelperText-root': { color: 'error.main' } } : undefined}
        fullWidth
      />
      <BsTwinInput source="date" label="Date (BS)" />
    </Stack>
  );
};

/** The allocation form (docs/decisions.md, "Allocations"): type, branch, date, count, amount, probability. */
export const AllocationForm = () => {
  const today = nepalToday();
  const { settings } = useCampaignSettings();
  return (
    <SimpleForm
      noValidate
      toolbar={<FormToolbar />}
      defaultValues={{ type: DEFAULT_ALLOCATION_TYPE, date: today, count: 1, probability: 0 }}
      sx={{ maxWidth: 600 }}
    >
      <SelectInput source="type" label="Type" choices={typeChoices(settings.options.allocation_types)} validate={required()} fullWidth />
      <BranchAndAmount />
      <SchemeDate today={today} />
      <NumberInput
        source="count"
        label="Count"
        min={1}
        max={5}
        step={1}
        validate={[required(), minValue(1), maxValue(5)]}
        helperText="1 to 5 prizes"
        fullWidth
      />
      <NumberInput
        source="probability"
        label="Probability (%)"
        min={0}
        max={100}
        step={0.01}
        validate={[required(), minValue(0), maxValue(100)]}
        helperText="Out of 100"
        fullWidth
      />
    </SimpleForm>
  );
};
