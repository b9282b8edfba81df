'use client';

import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { DevMailboxMessage } from '@vet/contracts/dev-mailbox';
import { useDevMailboxMessage } from '@/features/dev-mailbox/api/get-dev-mailbox-message';
import { AppAlert } from '@/shared/components/app-alert';
import { LoadingSpinner } from '@/shared/components/loading-spinner';
import { LinkedText } from './linked-text';
import { formatMailboxTime } from './mailbox-time';
import { VerificationCode } from './verification-code';

function MessageDetails({ message }: { message: DevMailboxMessage }) {
  const rows: [string, string][] = [
    ['To', message.to],
    ['Written', formatMailboxTime(message.createdAt)],
    ['Status', message.lastError ? `${message.status} (last error: ${message.lastError})` : message.status],
    ...(message.attachments.length > 0
      ? [
          ['Attachments', message.attachments.map((a) => `${a.filename} (${a.contentType})`).join(', ')] as [
            string,
            string,
          ],
        ]
      : []),
  ];
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
    >
      {rows.map(([term, value]) => (
        <Box key={term} sx={{ display: 'contents' }}>
          <Typography component="dt" sx={{ fontWeight: 600 }}>
            {term}
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** One kept e-mail: its code, its plain text part and its HTML part (in a sandbox: no scripts, no forms). */
export function MailboxMessage({ messageId }: { messageId: number }) {
  const { data: message, isPending, isError } = useDevMailboxMessage(messageId);
  if (isPending) return <LoadingSpinner height={200} label="Loading the e-mail" />;
  if (isError) return <AppAlert severity="error">We could not load this e-mail. Please try again.</AppAlert>;
  return (
    <Box component="article" aria-labelledby="mailbox-message-subject">
      <Typography id="mailbox-message-subject" variant="h2" sx={{ fontSize: '1.5rem', mb: 1 }}>
        {message.subject}
      </Typography>
      <MessageDetails message={message} />
      {message.code && <VerificationCode code={message.code} />}
      <Typography variant="h3" sx={{ fontSize: '1.125rem', mt: 3, mb: 1 }}>
        Plain text part
      </Typography>
      <Box
        component="pre"
        sx={{
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          fontFamily: 'inherit',
          m: 0,
          p: 2,
          bgcolor: 'grey.100',
          borderRadius: 1,
        }}
      >
        <LinkedText text={message.text} />
      </Box>
      <Typography variant="h3" sx={{ fontSize: '1.125rem', mt: 3, mb: 1 }}>
        HTML part
      </Typography>
      {message.html ? (
        <Box
          component="iframe"
          title={`The HTML part of “${message.subject}”`}
          sandbox=""
          srcDoc={message.html}
          sx={{
            width: '100%',
            height: 480,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            bgcolor: 'common.white',
          }}
        />
      ) : (
        <Typography>This e-mail has no HTML part.</Typography>
      )}
    </Box>
  );
}
