import { Box, CircularProgress, Container, Divider, Paper, Typography } from '@mui/material';
import { Fragment, useState } from 'react';
import { useSession } from '../../lib/session.js';
import { useUsers } from './api/get-users.js';
import { UserRow } from './components/user-row.js';
import { orderUsers } from './user-display.js';

export function UserManagementPage() {
  const { user } = useSession();
  const users = useUsers();
  const { me, others } = orderUsers(users.data ?? [], user?.id);
  const current = me ?? user;
  // One row in edit mode at a time: opening another closes the first, unsaved.
  const [editing, setEditing] = useState<string | null>(null);

  return (
    <Container maxWidth="md" sx={{ py: 2 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2, fontWeight: 700 }}>
        User Management
      </Typography>
      {current && (
        <Paper variant="outlined" sx={{ mb: 2 }} component="section" aria-label="You">
          <UserRow user={current} editable={false} />
        </Paper>
      )}
      {users.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label="Loading users" />
        </Box>
      ) : (
        <Paper variant="outlined" component="section" aria-label="Other users">
          {others.map((u, i) => (
            <Fragment key={u.id}>
              {i > 0 && <Divider />}
              <UserRow
                user={u}
                editable
                editing={editing === u.id}
                onEdit={() => setEditing(u.id)}
                onDone={() => setEditing((id) => (id === u.id ? null : id))}
              />
            </Fragment>
          ))}
        </Paper>
      )}
    </Container>
  );
}
