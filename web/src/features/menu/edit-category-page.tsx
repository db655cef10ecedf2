export function EditCategoryPage() { return null }
