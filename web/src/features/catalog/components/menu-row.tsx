import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { List, ListItem, ListItemButton, ListItemText, Typography } from '@mui/material';
import type { Menu } from '@drinks/contracts';
import { wrapAnywhere } from '../../../components/wrap-anywhere.js';

/** One menu item; inactive (or otherwise disabled) items are greyed and cannot be chosen. */
export function MenuRow({ item, disabled, onChoose }: { item: Menu; disabled: boolean; onChoose: (m: Menu) => void }) {
  const inactive = item.isActive !== 'active';
  return (
    <ListItem disablePadding>
      <ListItemButton
        divider
        disabled={disabled || inactive}
        onClick={() => onChoose(item)}
        data-testid="menu-item"
        data-inactive={inactive || undefined}
        sx={{ py: 1.5, '&.Mui-disabled': { opacity: 0.55 } }}
      >
        <ListItemText
          primary={item.name}
          // The description alone in its element, as the spec shows it; the state beside it.
          secondary={
            <>
              <span>{item.description || '-'}</span>
              {inactive && <span> (not available now)</span>}
            </>
          }
          slotProps={{ primary: { sx: { fontWeight: 600 } }, secondary: { sx: { color: 'text.secondary' } } }}
          sx={wrapAnywhere}
        />
        <ChevronRightIcon aria-hidden />
      </ListItemButton>
    </ListItem>
  );
}

/** The menus of the chosen category, or the spec's words when it has none. */
export function CategoryMenuList({
  category,
  disabled = false,
  onChoose,
}: {
  category: { name: string; menu: readonly Menu[] } | undefined;
  disabled?: boolean;
  onChoose: (m: Menu) => void;
}) {
  if (!category || category.menu.length === 0) {
    return (
      <Typography sx={{ py: 4, textAlign: 'center' }} color="text.secondary">
        There is no menu available here
      </Typography>
    );
  }
  return (
    <List aria-label={`${category.name} menu`}>
      {category.menu.map((m) => (
        <MenuRow key={m.id} item={m} disabled={disabled} onChoose={onChoose} />
      ))}
    </List>
  );
}
