import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import {
  Box,
  Button,
  CircularProgress,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Typography,
} from '@mui/material';
import { useId } from 'react';

export interface TumblerState {
  source: 'recent' | 'new';
  recent: string | null;
  uploaded: string | null;
  preview: string | null;
  processing: boolean;
  /** The recent image was not found on the server (a data reset): it is forgotten and a new one asked for. */
  recentGone?: boolean;
}

export const tumblerImageOf = (t: TumblerState): string | null => (t.source === 'recent' ? t.recent : t.uploaded);

export function TumblerPicker(props: {
  state: TumblerState;
  onSource: (s: 'recent' | 'new') => void;
  onFile: (f: File) => void;
  /** The recent image shown did not load: the form asks the server whether it still has it. */
  onRecentError?: (url: string) => void;
  accept: string;
}) {
  const { state } = props;
  const labelId = useId();
  const chosen = tumblerImageOf(state);
  const shown = state.source === 'recent' ? state.recent : (state.preview ?? state.uploaded);
  return (
    <FormControl component="fieldset" fullWidth>
      <FormLabel id={labelId} component="legend" sx={{ fontWeight: 700, color: 'text.primary' }}>
        Tumbler image {/* Needed for Next, like type and sweetness; the spec's '(Require)' marks those two only. */}
        {!chosen && (
          <Typography component="span" color="error">
            (Required)
          </Typography>
        )}
      </FormLabel>
      {state.recent && (
        <RadioGroup
          row
          aria-labelledby={labelId}
          value={state.source}
          onChange={(e) => props.onSource(e.target.value as 'recent' | 'new')}
        >
          <FormControlLabel value="recent" control={<Radio />} label="Use my recent image" />
          <FormControlLabel value="new" control={<Radio />} label="Upload a new image" />
        </RadioGroup>
      )}
      {state.source === 'new' && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 1 }}>
          <Button component="label" variant="outlined" startIcon={<PhotoCameraIcon />} disabled={state.processing}>
            {state.uploaded ? 'Change image' : 'Upload tumbler image'}
            <input
              hidden
              type="file"
              accept={props.accept}
              data-testid="tumbler-input"
              onChange={(e) => {
                const f = e.target.files?.[0];
                e.target.value = '';
                if (f) props.onFile(f);
              }}
            />
          </Button>
          {state.processing && <CircularProgress size={24} aria-label="Processing image" />}
        </Box>
      )}
      {state.recentGone && state.source === 'new' && !state.uploaded && (
        <FormHelperText error>Your recent image is no longer on the server. Please upload a new one.</FormHelperText>
      )}
      <FormHelperText>JPEG, PNG and JPG only (HEIC photos are converted). Up to 5 MB.</FormHelperText>
      {shown && (
        <Box
          component="img"
          src={shown}
          alt="Your tumbler"
          data-testid="tumbler-preview"
          onError={() => {
            if (state.source === 'recent' && state.recent) props.onRecentError?.(state.recent);
          }}
          sx={{ mt: 1, width: 120, height: 120, objectFit: 'cover', borderRadius: 2, border: '1px solid #ddd' }}
        />
      )}
    </FormControl>
  );
}
