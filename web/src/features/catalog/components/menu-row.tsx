import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { ListItem, ListItemButton, ListItemText } from '@mui/material';
import type { Menu } from '@drinks/contracts';

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
          secondary={`${item.description || '-'}${inactive ? ' (not available now)' : ''}`}
          slotProps={{ primary: { sx: { fontWeight: 600 } }, secondary: { sx: { color: 'text.secondary' } } }}
        />
        <ChevronRightIcon aria-hidden />
      </ListItemButton>
    </ListItem>
  );
}
