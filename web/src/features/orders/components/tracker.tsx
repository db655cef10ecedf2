import { Box, Step, StepLabel, Stepper } from '@mui/material';
import { TRACKER_STEPS } from '../order-text.js';

/**
 * Below this width, in the card's text size, three steps side by side leave a step less room than its longest
 * word: 'progress' takes about 3.75em of it (DejaVu Sans, wider than a phone's font). On a 320 px phone at
 * 200 % text the names broke inside words ('Waiti-ng', 'progr-ess'); now the steps are listed one under the
 * other there. In em, so that larger text switches sooner: a 320 px phone keeps the row up to ~125 % text.
 */
const SIDE_BY_SIDE_MIN = '12.5em';

/** The 3-step progress of an order (Waiting, In progress, Finished), `step` highlighted. */
export function Tracker({ step }: { step: number }) {
  return (
    <Box sx={{ containerType: 'inline-size' }}>
      <Stepper
        activeStep={step}
        alternativeLabel
        aria-label="Order progress"
        data-testid="tracker"
        data-step={step}
        sx={{
          // MUI's inactive circle (text.disabled) leaves its white digit at ~2.7:1; #616161 gives 6:1.
          '& .MuiStepIcon-root:not(.Mui-active):not(.Mui-completed)': { color: '#616161' },
          [`@container (max-width: ${SIDE_BY_SIDE_MIN})`]: {
            flexDirection: 'column',
            '& .MuiStep-root': { px: 0 },
            '& .MuiStepLabel-root': { flexDirection: 'row', gap: 1, py: 0.5 },
            '& .MuiStepLabel-labelContainer, & .MuiStepLabel-label': { textAlign: 'start' },
            '& .MuiStepLabel-label.MuiStepLabel-alternativeLabel': { mt: 0 },
            // The numbered icons, one under the other, say the order; a line between them would be hidden by them.
            '& .MuiStepConnector-root': { display: 'none' },
          },
        }}
      >
        {TRACKER_STEPS.map((label, i) => (
          <Step key={label} completed={i < step}>
            <StepLabel aria-current={i === step ? 'step' : undefined}>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>
    </Box>
  );
}
