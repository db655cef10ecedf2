import CloseIcon from '@mui/icons-material/Close';
import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  IconButton,
  List,
  ListItem,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { serverNow } from '../../../lib/config.js';
import { readStorage, writeStorage } from '../../../lib/storage.js';
import { POPUP_KEYS, hideForToday, parseLanguage, shouldShowPopup, type PopupLanguage } from '../popup-logic.js';
import { HalloweenPoster } from './halloween-poster.js';
import { POPUP_CONTENT } from './popup-content.js';

export function HalloweenPopup() {
  const [open, setOpen] = useState(() =>
    shouldShowPopup(
      { dismissed: readStorage(POPUP_KEYS.dismissed), hiddenToday: readStorage(POPUP_KEYS.hiddenToday) },
      serverNow(),
    ),
  );
  const [lang, setLang] = useState<PopupLanguage>(() => parseLanguage(readStorage(POPUP_KEYS.language)));
  const c = POPUP_CONTENT[lang];
  const changeLang = (l: PopupLanguage) => {
    setLang(l);
    writeStorage(POPUP_KEYS.language, l);
  };
  const hideToday = () => {
    const s = hideForToday(serverNow());
    writeStorage(POPUP_KEYS.dismissed, s.dismissed);
    writeStorage(POPUP_KEYS.hiddenToday, s.hiddenToday);
    setOpen(false);
  };

  return (
    <Dialog
      open={open}
      onClose={() => setOpen(false)}
      maxWidth="xs"
      fullWidth
      aria-labelledby="halloween-title"
      slotProps={{ paper: { sx: { bgcolor: '#1a0b2e', color: '#fff', borderRadius: 3, overflow: 'hidden' } } }}
    >
      <Box sx={{ position: 'relative' }}>
        <HalloweenPoster />
        <IconButton
          aria-label="Close"
          onClick={() => setOpen(false)}
          sx={{
            position: 'absolute',
            top: 6,
            right: 6,
            color: '#fff',
            bgcolor: 'rgba(0,0,0,0.45)',
            '&:hover': { bgcolor: 'rgba(0,0,0,0.65)' },
          }}
        >
          <CloseIcon />
        </IconButton>
      </Box>
      {/* Read in the language it is written in (WCAG 3.1.2): a screen reader spelled the Thai out in English. */}
      <DialogContent lang={lang === 'thai' ? 'th' : 'en'}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
          <Typography id="halloween-title" variant="h6" component="h2" sx={{ fontWeight: 700, color: '#ffb347' }}>
            {c.title}
          </Typography>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={lang}
            onChange={(_e, v: PopupLanguage | null) => v && changeLang(v)}
            aria-label="Language"
            sx={{
              '& .MuiToggleButton-root': { color: '#e0d4f0', borderColor: '#7a5a99', py: 0.25 },
              '& .Mui-selected': { color: '#1a0b2e !important', bgcolor: '#ffb347 !important' },
            }}
          >
            <ToggleButton value="thai">ไทย</ToggleButton>
            <ToggleButton value="english">English</ToggleButton>
          </ToggleButtonGroup>
        </Stack>
        <Typography>
          {c.when} · {c.where}
        </Typography>
        <List dense aria-label="Schedule">
          {c.schedule.map((s) => (
            <ListItem key={s.time} disableGutters sx={{ gap: 1.5 }}>
              <Typography
                sx={{
                  minWidth: 96,
                  fontWeight: 700,
                  color: '#ffd8a8',
                  textDecoration: s.cancelled ? 'line-through' : 'none',
                }}
              >
                {s.time}
              </Typography>
              <Typography sx={{ textDecoration: s.cancelled ? 'line-through' : 'none', flex: 1 }}>{s.what}</Typography>
              {s.cancelled && <Chip size="small" label={c.cancelledNote} sx={{ bgcolor: '#c92a2a', color: '#fff' }} />}
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions sx={{ flexDirection: 'column', gap: 1, px: 3, pb: 3 }}>
        <Button
          fullWidth
          variant="contained"
          onClick={() => setOpen(false)}
          sx={{ bgcolor: '#c2410c', color: '#fff', '&:hover': { bgcolor: '#9a3412' } }}
        >
          I'm Ready for Halloween!
        </Button>
        <Button fullWidth onClick={hideToday} sx={{ color: '#e0d4f0', ml: '0 !important' }}>
          Don't show for today
        </Button>
      </DialogActions>
    </Dialog>
  );
}
