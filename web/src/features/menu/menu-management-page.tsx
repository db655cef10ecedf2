import { isFullyClosed } from '@drinks/contracts';
import AddIcon from '@mui/icons-material/Add';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import SettingsIcon from '@mui/icons-material/Settings';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Container,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Paper,
} from '@mui/material';
import { Link } from 'react-router';
import { useSession } from '../../lib/session.js';
import { useCategories } from '../../lib/api/get-categories.js';
import { PageHeader } from './components/page-header.js';
import { paths } from '../../lib/paths.js';
import { wrapAnywhere } from '../../components/wrap-anywhere.js';
import { CLOSE_TO_EDIT_CATEGORIES } from './menu-errors.js';

export function MenuManagementPage() {
  const { shop } = useSession();
  const closed = isFullyClosed(shop);
  const categories = useCategories();
  const available = (categories.data ?? []).filter((c) => c.isAvailable === 'available');

  return (
    <Container maxWidth="md" sx={{ py: 2 }}>
      <PageHeader
        title="Menu Management"
        action={
          <Button component={Link} to={paths.addCategory} variant="contained" startIcon={<AddIcon />}>
            Add Category
          </Button>
        }
      />
      {!closed && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {CLOSE_TO_EDIT_CATEGORIES}
        </Alert>
      )}
      {categories.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label="Loading categories" />
        </Box>
      ) : (
        <Paper variant="outlined">
          <List disablePadding aria-label="Categories">
            {available.map((c, i) => (
              <ListItem
                key={c.id}
                divider={i < available.length - 1}
                disablePadding
                data-testid="category-row"
                secondaryAction={
                  closed ? (
                    <IconButton
                      component={Link}
                      to={paths.editCategory(c.id)}
                      aria-label={`Edit category ${c.name}`}
                      edge="end"
                    >
                      <SettingsIcon />
                    </IconButton>
                  ) : undefined
                }
              >
                <ListItemButton component={Link} to={paths.categoryMenus(c.name, c.id)} sx={{ pr: closed ? 8 : 2 }}>
                  <ListItemText
                    primary={c.name}
                    secondary={menuCount(c.menu.filter((m) => m.isAvailable === 'available').length)}
                    slotProps={{ primary: { sx: { fontWeight: 600 } } }}
                    sx={wrapAnywhere}
                  />
                  <Chip
                    size="small"
                    label={c.categoryFor}
                    color={c.categoryFor === 'bar' ? 'secondary' : 'primary'}
                    variant="outlined"
                    sx={{ mr: 1 }}
                  />
                  <ChevronRightIcon aria-hidden />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
    </Container>
  );
}

const menuCount = (n: number) => (n === 1 ? '1 menu' : `${n} menus`);
