import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Button, Card, CardContent, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Typography } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import {
  AutocompleteArrayInput,
  Form,
  maxLength,
  required,
  SaveButton,
  SelectInput,
  TextInput,
  Toolbar,
  useDataProvider,
  useNotify,
  useRefresh,
} from 'react-admin';
import { useApiList } from '../../components/useApiList';
import type { AppDataProvider } from '../../providers/dataProvider';
import { takeServerMessage } from '../../providers/serverMessage';
import { SMS_TYPE_CHOICES, smsFieldErrors, smsPayload, SmsType, splitMobiles, validateMobiles } from './smsRecipients';
import { segmentSummary, SMS_TEXT_MAX, smsSegments } from './smsSegments';

interface BranchOption {
  id: number;
  title: string;
  city?: string | null;
}

interface CustomerOption {
  id: number;
  slug: string;
  name: string;
  phone: string;
}

/** Branch choices: title / city (GET /branches carries no phone or slug). */
export const branchLabel = (b: BranchOption) => [b.title, b.city].filter(Boolean).join(' / ');
/** Customer choices: name / phone / slug (docs/decisions.md, "SMS choices"). */
export const customerLabel = (c: CustomerOption) => [c.name, c.phone, c.slug].filter(Boolean).join(' / ');

/** A multi-select over a plain list from the API; a failed load says so under the field. */
function ListPicker<T extends { id: number }>(props: {
  path: string;
  query?: Record<string, string>;
  source: string;
  label: string;
  optionText: (choice: T) => string;
  required: string;
  help: string;
}) {
  const list = useApiList<T>(props.path, props.query);
  return (
    <AutocompleteArrayInput
      source={props.source}
      label={props.label}
      choices={list.data}
      optionText={props.optionText}
      validate={required(props.required)}
      isPending={list.isPending}
      helperText={list.error ? `The ${props.label.toLowerCase()} could not be loaded.` : props.help}
      fullWidth
    />
  );
}

const BranchesInput = () => (
  <ListPicker<BranchOption>
    path="/branches"
    source="branches"
    label="Branches"
    optionText={branchLabel}
    required="Choose at least one branch."
    help="The message goes to every customer of these branches."
  />
);

/** How many customers one search shows: the newest of the registered list that match the typed text. */
const CUSTOMER_SEARCH_ROWS = 20;

/**
 * The customers (purchase registrations) the user may see, searched on the server as the user
 * types (GET /registration with search[value]: name, phone or bill no): a campaign has more
 * customers than one answer holds (length=-1 answers at most 10,000 rows). The customers
 * chosen keep their place among the choices while other searches come and go.
 */
const CustomersInput = () => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<{ data: CustomerOption[]; isPending: boolean; error: boolean }>({ data: [], isPending: true, error: false });
  /** Every customer a search has shown, by id: the chosen ones' labels. */
  const seen = useRef(new Map<number, CustomerOption>());
  const selected = useWatch({ name: 'registrants' }) as number[] | undefined;
  useEffect(() => {
    let alive = true;
    setFound((f) => ({ ...f, isPending: true }));
    const text = search.trim();
    dataProvider.getAll<CustomerOption>('/registration', { start: 0, length: CUSTOMER_SEARCH_ROWS, 'search[value]': text || undefined }).then(
      (data) => {
        if (!alive) return;
        for (const c of data) seen.current.set(c.id, c);
        setFound({ data, isPending: false, error: false });
      },
      () => alive && setFound({ data: [], isPending: false, error: true }),
    );
    return () => {
      alive = false;
    };
  }, [dataProvider, search]);
  const choices = useMemo(() => {
    const byId = new Map<number, CustomerOption>();
    for (const id of selected ?? []) {
      const chosen = seen.current.get(id);
      if (chosen) byId.set(id, chosen);
    }
    for (const c of found.data) byId.set(c.id, c);
    return [...byId.values()];
  }, [found.data, selected]);
  return (
    <AutocompleteArrayInput
      source="registrants"
      label="Customers"
      choices={choices}
      optionText={customerLabel}
      setFilter={setSearch}
      validate={required('Choose at least one customer.')}
      isPending={found.isPending}
      helperText={found.error ? 'The customers could not be loaded.' : 'Type a name, phone or bill number to find a customer.'}
      fullWidth
    />
  );
};

const MobilesInput = () => {
  const mobiles = useWatch({ name: 'mobiles' }) as string | undefined;
  const count = splitMobiles(mobiles).length;
  return (
    <TextInput
      source="mobiles"
      label="Mobile numbers"
      validate={validateMobiles}
      helperText={
        count
          ? `${count} ${count === 1 ? 'number' : 'numbers'}, separated by commas`
          : 'Separate numbers with commas: 9841234567, 9801234567'
      }
      multiline
      minRows={2}
      fullWidth
    />
  );
};

/** The recipients input of the chosen category (All needs none). */
const Recipients = () => {
  const type = useWatch({ name: 'type' }) as SmsType | undefined;
  if (type === 'BRANCH') return <BranchesInput />;
  if (type === 'REGISTRANTS') return <CustomersInput />;
  if (type === 'MOBILE') return <MobilesInput />;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
      The message goes to every customer you can see (head office: every branch; branch staff: their branch).
    </Typography>
  );
};

const MessageInput = () => {
  const text = (useWatch({ name: 'text' }) as string | undefined) ?? '';
  const count = smsSegments(text);
  return (
    <TextInput
      source="text"
      label="Message"
      multiline
      minRows={4}
      fullWidth
      validate={[
        required('The text field is required.'),
        maxLength(SMS_TEXT_MAX, `The text may not be greater than ${SMS_TEXT_MAX} characters.`),
      ]}
      helperText={<span aria-live="polite">{segmentSummary(count)}</span>}
    />
  );
};

const SendToolbar = () => (
  <Toolbar sx={{ px: 0, background: 'none' }}>
    <SaveButton label="Send" icon={<SendIcon />} />
  </Toolbar>
);

const DEFAULTS = { type: 'ALL' as SmsType, branches: [], registrants: [], mobiles: '', text: '' };

interface Pending {
  values: Record<string, unknown>;
  recipients_count: number;
  segments: number;
}

type SendError = { message?: string; body?: { errors?: Record<string, unknown>; messages?: Record<string, unknown> } };

/** 'Send 1 SMS part to 25 recipients (25 SMS in all)?' */
export function confirmText(p: { recipients_count: number; segments: number }): string {
  const n = p.recipients_count;
  const parts = `${p.segments} SMS ${p.segments === 1 ? 'part' : 'parts'}`;
  return `This message is ${parts} long and goes to ${n.toLocaleString('en-IN')} ${n === 1 ? 'recipient' : 'recipients'}: ${(n * p.segments).toLocaleString('en-IN')} SMS in all.`;
}

/**
 * The SMS form (docs/sms.md, "Bulk SMS"): category (All, Branch, Customer, Mobile), the
 * branches or customers, the mobile numbers, the message with its character and SMS
 * count, and Send. Send first asks the server how many phones the message reaches
 * (POST /sms/recipients, deduplicated as the send is) and shows that with the parts in a
 * confirm dialog; only 'Send' there queues it. The toast shows the server's message;
 * errors land under their fields (a bad number under the mobile numbers, naming its position).
 */
export const SmsForm = () => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const [pending, setPending] = useState<Pending | null>(null);
  const failed = useCallback(
    (error: unknown, fallback: string) => {
      const e = error as SendError;
      notify(e?.message || fallback, { type: 'error' });
      const fields = smsFieldErrors(e?.body?.messages ?? e?.body?.errors);
      return Object.keys(fields).length ? fields : undefined;
    },
    [notify],
  );
  const onSubmit = useCallback(
    async (values: Record<string, unknown>) => {
      try {
        const res = await dataProvider.send<{ data: { recipients_count: number; segments: number } }>('/sms/recipients', 'POST', smsPayload(values));
        setPending({ values, ...res.data });
        return undefined;
      } catch (error) {
        return failed(error, 'The recipients could not be counted.');
      }
    },
    [dataProvider, failed],
  );
  return (
    <Card sx={{ mb: 3, maxWidth: 900 }}>
      <CardContent>
        <Form noValidate defaultValues={DEFAULTS} onSubmit={onSubmit} resetOptions={{ keepDefaultValues: true }}>
          <SelectInput
            source="type"
            label="Category"
            choices={SMS_TYPE_CHOICES as unknown as { id: string; name: string }[]}
            validate={required()}
            sx={{ minWidth: 240 }}
          />
          <Recipients />
          <MessageInput />
          <SendToolbar />
          <ConfirmSend pending={pending} onClose={() => setPending(null)} failed={failed} />
        </Form>
      </CardContent>
    </Card>
  );
};

/**
 * 'Send this message?' with the recipients and parts; Send queues it. After a send the
 * form goes back to its defaults, so a second click does not send it again.
 */
const ConfirmSend = ({
  pending,
  onClose,
  failed,
}: {
  pending: Pending | null;
  onClose: () => void;
  failed: (error: unknown, fallback: string) => Record<string, unknown> | undefined;
}) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const { reset, setError } = useFormContext();
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const send = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      await dataProvider.send('/sms', 'POST', smsPayload(pending.values));
      notify(takeServerMessage('Messages queued.'), { type: 'success' });
      reset(DEFAULTS);
      refresh();
    } catch (error) {
      const fields = failed(error, 'The message could not be sent.');
      for (const [field, message] of Object.entries(fields ?? {})) setError(field, { type: 'server', message: String(message) });
    } finally {
      setBusy(false);
      onClose();
    }
  };
  return (
    <Dialog open={!!pending} onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>Send this message?</DialogTitle>
      <DialogContent>{pending && <DialogContentText>{confirmText(pending)}</DialogContentText>}</DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Go Back
        </Button>
        <Button onClick={send} variant="contained" disabled={busy}>
          Send
        </Button>
      </DialogActions>
    </Dialog>
  );
};
