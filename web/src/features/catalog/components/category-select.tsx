import { FormControl, InputLabel, MenuItem, Select } from '@mui/material';

/** The barista's category picker (all categories); its own chunk, as customers get tabs instead. */
export default function CategorySelect({
  categories,
  value,
  onChange,
}: {
  categories: { id: string; name: string }[];
  value: number;
  onChange: (index: number) => void;
}) {
  return (
    <FormControl fullWidth sx={{ mb: 2 }}>
      <InputLabel id="category-label">Category</InputLabel>
      <Select
        labelId="category-label"
        label="Category"
        value={categories.length ? value : ''}
        onChange={(e) => onChange(Number(e.target.value))}
      >
        {categories.map((c, i) => (
          <MenuItem key={c.id} value={i}>
            {c.name}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
