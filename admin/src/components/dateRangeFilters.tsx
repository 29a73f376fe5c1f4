import { TextInput } from 'react-admin';
import { BsDateInput } from './BsDateInput';
import { dayParam, hourInputValue, hourParam } from './dateFilters';

const hourSlots = { htmlInput: { step: 3600 }, inputLabel: { shrink: true } };
const daySlots = { inputLabel: { shrink: true } };

/**
 * The From and To filters of a list, always shown. `hour`: date-time pickers in hourly
 * steps (docs/decisions.md, "From/To pickers"), sent as 'YYYY-MM-DD HH:mm'; `day`: date pickers, sent as
 * 'YYYY-MM-DD' (a bare `to` day includes that whole day on the server). Nepal time.
 * Each has a BS twin ('From (BS)', 'To (BS)') bound to the same filter: type either calendar,
 * both show the filter.
 */
export function dateRangeFilters(step: 'hour' | 'day' = 'hour') {
  const props =
    step === 'hour'
      ? { type: 'datetime-local', parse: hourParam, format: hourInputValue, slotProps: hourSlots }
      : { type: 'date', parse: dayParam, slotProps: daySlots };
  return [
    <TextInput key="from" source="from" label="From" alwaysOn helperText={false} {...props} />,
    <BsDateInput key="from-bs" source="from" label="From (BS)" hour={step === 'hour'} alwaysOn />,
    <TextInput key="to" source="to" label="To" alwaysOn helperText={false} {...props} />,
    <BsDateInput key="to-bs" source="to" label="To (BS)" hour={step === 'hour'} alwaysOn />,
  ];
}
