export function AddCategoryPage() { return null }
