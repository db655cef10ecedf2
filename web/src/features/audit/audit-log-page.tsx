import { Alert, Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import type { AuditItem } from '@drinks/contracts';
import { useState } from 'react';
import { formatDateTime } from '../../components/staff-order-format.js';
import { Unanswered } from '../../components/unanswered.js';
import { useConfig } from '../../lib/config.js';
import { useAuditLog } from './api/get-audit.js';
import { entityLabel, NO_FILTERS, typeLabel, type AuditFilters } from './audit-logic.js';
import { AuditFilterBar } from './components/audit-filters.js';

function actorLabel(actor: AuditItem['actor']): string {
  if (!actor) return 'the system';
  if (actor.name) return actor.name;
  return actor.id.length > 12 ? `unknown user ${actor.id.slice(0, 8)}…` : actor.id;
}

function Row({ item, timeZone }: { item: AuditItem; timeZone: string }) {
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ p: 1.5, listStyle: 'none' }}
      data-testid="audit-item"
      data-type={item.type}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between' }}>
        <Chip size="small" label={typeLabel(item.type)} />
        <Typography variant="body2" color="text.secondary" component="time" dateTime={item.at}>
          {formatDateTime(item.at, timeZone)}
        </Typography>
      </Box>
      <Typography sx={{ mt: 0.5, fontWeight: 600 }}>{item.summary}</Typography>
      <Typography variant="body2" color="text.secondary">
        by {actorLabel(item.actor)}
        {item.entities.length > 0 && ` · ${item.entities.map(entityLabel).join(', ')}`}
      </Typography>
    </Paper>
  );
}

/** Admin: who did what and when, newest first (audit-log). */
export function AuditLogPage() {
  const { businessTimeZone } = useConfig();
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const log = useAuditLog(filters);
  const items = log.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <Box sx={{ maxWidth: 900, mx: 'auto', p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        Audit log
      </Typography>
      <AuditFilterBar value={filters} onChange={setFilters} />
      {log.data === undefined ? (
        <Unanswered query={log} label="Loading the audit log" failed="Could not load the audit log." />
      ) : (
        log.isError && <Alert severity="error">Could not load the audit log.</Alert>
      )}
      {log.isSuccess && items.length === 0 && (
        <Typography color="text.secondary">Nothing matches these filters.</Typography>
      )}
      <Stack component="ol" spacing={1} sx={{ m: 0, p: 0 }} aria-label="Events" data-testid="audit-list">
        {items.map((i) => (
          <Row key={i.position} item={i} timeZone={businessTimeZone} />
        ))}
      </Stack>
      {log.hasNextPage && (
        <Button
          variant="outlined"
          onClick={() => void log.fetchNextPage()}
          disabled={log.isFetchingNextPage}
          sx={{ alignSelf: 'center' }}
        >
          {log.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </Button>
      )}
    </Box>
  );
}
