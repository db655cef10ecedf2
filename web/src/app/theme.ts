import { createTheme } from '@mui/material/styles';

/** Coffee brown for the cafe, plum for the bar; both pass WCAG AA on white. */
export const CAFE_DARK = '#2b1d16';
export const BAR_PURPLE = '#4a2c6f';

const COARSE_POINTER = '@media (pointer: coarse)';

export const theme = createTheme({
  palette: {
    primary: { main: '#5d3a1a', contrastText: '#ffffff' },
    secondary: { main: BAR_PURPLE, contrastText: '#ffffff' },
    error: { main: '#b3261e' },
    success: { main: '#1b5e20' },
    // MUI's #0288d1 gives white text 3.9:1; a filled info toast needs 4.5:1.
    info: { main: '#01579b' },
    background: { default: '#faf6f2', paper: '#ffffff' },
    text: { primary: '#1f1a17', secondary: '#4e4540' },
  },
  shape: { borderRadius: 12 },
  typography: {
    fontFamily: '"Inter", "Noto Sans Thai", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    // On a touch screen small controls still take a finger (about 40 px): a barista's Do / Done / Cancel,
    // a ticket's icons, the top bar's pencil. A mouse keeps the compact sizes.
    // Without elevation a filled button's keyboard focus was a slightly lighter fill (a barista tabbing to
    // Done could not see it): a white ring inside a dark one shows on the light pages and the dark top bar.
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: {
        root: {
          '&.Mui-focusVisible': { outline: '2px solid #ffffff', outlineOffset: 0, boxShadow: '0 0 0 4px #1f1a17' },
        },
        sizeSmall: { [COARSE_POINTER]: { minHeight: 40 } },
      },
    },
    // Every other control (icon buttons, tabs, menu rows, the bottom tab bar) showed its keyboard focus only as
    // MUI's faint focus ripple: the same two rings, inside the control, where a scrolling tab strip or a list
    // does not clip them.
    MuiButtonBase: {
      styleOverrides: {
        root: {
          '&.Mui-focusVisible': {
            outline: '2px solid #1f1a17',
            outlineOffset: -2,
            boxShadow: 'inset 0 0 0 4px #ffffff',
          },
        },
      },
    },
    MuiIconButton: {
      styleOverrides: { sizeSmall: { [COARSE_POINTER]: { minWidth: 40, minHeight: 40 } } },
    },
  },
});
