import { Box } from '@mui/material';
import { Title } from 'react-admin';
import { SmsBatchList } from './SmsBatchList';
import { SmsForm } from './SmsForm';

/** /admin/sms (send-sms): the bulk SMS form, and below it the batches sent with their delivery counts. */
export const SmsPage = () => (
  <Box sx={{ mt: 2 }}>
    <Title title="SMS" />
    <SmsForm />
    <SmsBatchList />
  </Box>
);
