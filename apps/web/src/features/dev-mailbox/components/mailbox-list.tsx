'use client';

import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import type { DevMailboxMessageSummary } from '@vet/contracts/dev-mailbox';
import { formatMailboxTime } from './mailbox-time';

export interface MailboxListProps {
  messages: DevMailboxMessageSummary[];
  selectedId: number;
  onSelect: (id: number) => void;
}

/** The kept e-mails, newest first: recipient, subject, time, and the code when there is one. */
export function MailboxList({ messages, selectedId, onSelect }: MailboxListProps) {
  return (
    <List
      aria-label="E-mails, newest first"
      disablePadding
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      {messages.map((message) => (
        <li key={message.id}>
          <ListItemButton
            selected={message.id === selectedId}
            aria-current={message.id === selectedId ? 'true' : undefined}
            onClick={() => onSelect(message.id)}
            divider
            sx={{ display: 'block' }}
          >
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{message.subject}</Typography>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              To {message.to}
            </Typography>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
              <Typography variant="body2" component="span" sx={{ color: 'text.secondary' }}>
                {formatMailboxTime(message.createdAt)}
              </Typography>
              {message.code && (
                <Typography
                  variant="body2"
                  component="span"
                  sx={{ fontFamily: 'ui-monospace, Menlo, Consolas, monospace', fontWeight: 700 }}
                >
                  Code {message.code}
                </Typography>
              )}
            </Box>
          </ListItemButton>
        </li>
      ))}
    </List>
  );
}
